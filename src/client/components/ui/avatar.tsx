import { initials } from '@client/lib/format';
import { cn } from './cn';

/** A round avatar: the member's picture when there is one, else initials on a warm tint. */
export function Avatar({ name, image, size = 'md', className }: { name: string; image?: string | null; size?: 'sm' | 'md' | 'lg'; className?: string }) {
  const box = size === 'lg' ? 'size-16 text-xl' : size === 'sm' ? 'size-10 text-sm' : 'size-12 text-base';
  if (image) return <img src={image} alt="" className={cn('shrink-0 rounded-full object-cover ring-2 ring-white', box, className)} />;
  return (
    <span
      aria-hidden="true"
      className={cn('inline-flex shrink-0 items-center justify-center rounded-full bg-apricot-100 font-bold text-wine-800 ring-2 ring-white', box, className)}
    >
      {initials(name)}
    </span>
  );
}
