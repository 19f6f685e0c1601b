import { useEffect } from 'react';

/**
 * document.title: the layout sets a base title per route; a page (or a view of one) may
 * override it with an exact title for as long as it is mounted. Order of effects does not matter.
 */
const overrides: string[] = [];
let base = 'Speed Friendship · Prestwich';

function apply() {
  document.title = overrides.at(-1) ?? base;
}

export function setBaseTitle(title: string) {
  base = title;
  apply();
}

export function useDocumentTitle(title: string) {
  useEffect(() => {
    overrides.push(title);
    apply();
    return () => {
      const i = overrides.lastIndexOf(title);
      if (i >= 0) overrides.splice(i, 1);
      apply();
    };
  }, [title]);
}
