import { Check, Copy, Share2 } from 'lucide-react';
import { PLATFORM_NAMES } from '@shared/domain/share-templates';
import { Button } from '@client/components/ui/button';
import { useShareActions, type SharePost } from '../hooks/use-share-actions';

/** A post's Copy and Share buttons (labels from the spec: Copy → 'Copied!', Share; or the custom generator's own). */
export function ShareButtons({ post, copyLabel = 'Copy', shareLabel = 'Share' }: { post: SharePost; copyLabel?: string; shareLabel?: string }) {
  const { copied, copy, share, opensWindow } = useShareActions(post);
  const name = PLATFORM_NAMES[post.platform];
  const what = post.template === 'custom' ? 'your post' : `the ${name} post`;
  return (
    <div className="flex flex-col gap-2 sm:flex-row">
      <Button variant={copied ? 'secondary' : 'outline'} className="sm:min-w-36" onClick={() => void copy()}>
        {copied ? <Check aria-hidden="true" className="size-5" /> : <Copy aria-hidden="true" className="size-5" />}
        {copied ? (
          'Copied!'
        ) : (
          <>
            {copyLabel}
            {copyLabel === 'Copy' && <span className="sr-only"> {what}</span>}
          </>
        )}
      </Button>
      <Button className="sm:min-w-36" onClick={() => void share()}>
        <Share2 aria-hidden="true" className="size-5" />
        {shareLabel}
        {shareLabel === 'Share' && <span className="sr-only"> {opensWindow ? `on ${name}` : `${what} (copies the text)`}</span>}
      </Button>
      <span role="status" className="sr-only">
        {copied ? `${post.template === 'custom' ? 'Your post' : `The ${name} post`} is copied to the clipboard` : ''}
      </span>
    </div>
  );
}
