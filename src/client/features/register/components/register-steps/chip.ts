export const chip =
  'flex min-h-12 cursor-pointer items-center gap-2 rounded-2xl border-2 px-3 py-2 font-semibold break-words transition-colors has-[:focus-visible]:ring-4 has-[:focus-visible]:ring-wine-300';
