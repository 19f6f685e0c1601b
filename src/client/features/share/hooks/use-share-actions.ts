import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { PLATFORM_NAMES, SHARE_POPUP, sharePageUrl, type SharePlatform, type ShareTemplateKey } from '@shared/domain/share-templates';
import { useRecordShare } from '../api/share';

/** How long a Copy button says 'Copied!' (docs/spec/organiser-tools.md §9: copy confirmation shows for 2 s). */
export const COPIED_FOR_MS = 2000;

export interface SharePost {
  platform: SharePlatform;
  template: ShareTemplateKey;
  text: string;
  link: string;
  eventId: number;
}

/**
 * Copy and Share for one post. Copy writes the text to the clipboard and says 'Copied!' for 2 s;
 * Share opens the platform's share page in a 600x400 popup (Facebook, Twitter, LinkedIn, WhatsApp)
 * and copies the text for the others (or when the popup is blocked). Each one is recorded on the
 * server; a failed record never gets in the sharer's way.
 */
export function useShareActions(post: SharePost) {
  const record = useRecordShare();
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const { platform, template, text, link, eventId } = post;
  const name = PLATFORM_NAMES[platform];
  const send = record.mutate;

  const writeClipboard = useCallback(async () => {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch (err) {
      // The spec's behaviour (§8: clipboard copy failure is logged), plus a word to the person.
      console.error('Clipboard copy failed', err);
      toast.error('Copy failed', { description: 'Your browser did not allow copying. Select the text and copy it yourself.' });
      return false;
    }
  }, [text]);

  const copy = useCallback(async () => {
    if (!(await writeClipboard())) return;
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPIED_FOR_MS);
    send({ platform, action: 'copy', template, eventId });
  }, [writeClipboard, send, platform, template, eventId]);

  const share = useCallback(async () => {
    const url = sharePageUrl(platform, { text, link });
    if (url) {
      const popup = window.open(url, `share-${platform}`, `width=${SHARE_POPUP.width},height=${SHARE_POPUP.height}`);
      if (popup) {
        // The share page must not reach back into ours.
        try {
          popup.opener = null;
        } catch {
          // Some browsers do not allow it; the page is the platform's own.
        }
        send({ platform, action: 'share', template, eventId });
        return;
      }
    }
    // No share page (Instagram, Local Community) or a blocked popup: copy the text instead.
    if (!(await writeClipboard())) return;
    toast.success('Copied!', {
      description: url
        ? `The ${name} window was blocked, so the post is copied: paste it into ${name}.`
        : `Paste it into ${name === 'Local Community' ? 'your community board or newsletter' : name}.`,
    });
    send({ platform, action: 'share', template, eventId });
  }, [platform, text, link, name, writeClipboard, send, template, eventId]);

  return { copied, copy, share, opensWindow: sharePageUrl(platform, { text, link }) !== null };
}
