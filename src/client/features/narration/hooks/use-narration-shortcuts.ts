import { useEffect, useRef } from 'react';

export interface ShortcutHandlers {
  /** Ctrl+Shift+V. */
  toggle(): void;
  /** Ctrl+Shift+S. */
  stop(): void;
  /** P. */
  pauseResume(): void;
  /** H. */
  help(): void;
}

/** A field where P and H are letters being typed, not shortcuts. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag !== 'INPUT') return false;
  const type = (target as HTMLInputElement).type;
  return !['button', 'checkbox', 'radio', 'range', 'submit', 'reset', 'color', 'file', 'image'].includes(type);
}

/**
 * The demo page's keyboard shortcuts (docs/spec/organiser-tools.md §2.13): Ctrl+Shift+V toggles
 * narration or reads the overview, Ctrl+Shift+S stops speech, P pauses or resumes, H shows or reads
 * help. P and H are ignored while typing in a field or with a modifier held.
 */
export function useNarrationShortcuts(handlers: ShortcutHandlers) {
  const ref = useRef(handlers);
  useEffect(() => {
    ref.current = handlers;
  });
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.repeat) return;
      const key = e.key.toLowerCase();
      if ((e.ctrlKey || e.metaKey) && e.shiftKey && !e.altKey) {
        if (key === 'v') {
          e.preventDefault();
          ref.current.toggle();
        } else if (key === 's') {
          e.preventDefault();
          ref.current.stop();
        }
        return;
      }
      if (e.ctrlKey || e.metaKey || e.altKey || isTyping(e.target)) return;
      if (key === 'p') {
        e.preventDefault();
        ref.current.pauseResume();
      } else if (key === 'h') {
        e.preventDefault();
        ref.current.help();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
