import { cloneElement, isValidElement, type ButtonHTMLAttributes, type ReactElement, type Ref } from 'react';
import { cn } from './cn';

const VARIANTS = {
  primary: 'bg-wine-700 text-white hover:bg-wine-800 active:bg-wine-900 shadow-sm',
  secondary: 'bg-apricot-100 text-wine-900 hover:bg-apricot-200',
  outline: 'border-2 border-wine-200 bg-white text-wine-800 hover:bg-wine-50',
  ghost: 'text-wine-800 hover:bg-wine-50',
  destructive: 'bg-red-700 text-white hover:bg-red-800',
} as const;

const SIZES = {
  md: 'min-h-12 px-5 text-base',
  sm: 'min-h-11 px-4 text-sm',
  lg: 'min-h-14 px-6 text-lg',
} as const;

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: keyof typeof VARIANTS;
  size?: keyof typeof SIZES;
  /** Render the child element (e.g. a Link) with button styles. */
  asChild?: boolean;
  block?: boolean;
}

type AnyProps = Record<string, unknown>;

/**
 * `asChild`: the button's props on its only child (a Link, usually), as Radix's Slot does (docs/decisions/0097), without
 * loading Radix on pages that have no dialog (the first paint of /): classes joined, styles merged,
 * an event handler of both run (the child's first), refs of both set; any other prop of the child wins.
 */
function onChild(child: ReactElement, props: AnyProps) {
  const own = child.props as AnyProps;
  const merged: AnyProps = { ...props, ...own };
  for (const [key, value] of Object.entries(props)) {
    const theirs = own[key];
    if (/^on[A-Z]/.test(key) && typeof value === 'function' && typeof theirs === 'function') {
      merged[key] = (...args: unknown[]) => {
        const result: unknown = theirs(...args);
        value(...args);
        return result;
      };
    }
  }
  merged.className = cn(props.className as string | undefined, own.className as string | undefined);
  if (props.style || own.style) merged.style = { ...(props.style as object), ...(own.style as object) };
  if (props.ref && own.ref) {
    const refs = [props.ref, own.ref] as Ref<unknown>[];
    merged.ref = (node: unknown) => {
      for (const ref of refs) {
        if (typeof ref === 'function') ref(node);
        else if (ref) ref.current = node;
      }
    };
  }
  return cloneElement(child, merged);
}

export function Button({ variant = 'primary', size = 'md', asChild, block, className, type, children, ...props }: ButtonProps) {
  const classes = cn(
    'inline-flex items-center justify-center gap-2 rounded-2xl font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60',
    VARIANTS[variant],
    SIZES[size],
    block && 'w-full',
    className,
  );
  if (asChild && isValidElement(children)) return onChild(children, { ...props, className: classes });
  return (
    <button type={type ?? 'button'} className={classes} {...props}>
      {children}
    </button>
  );
}
