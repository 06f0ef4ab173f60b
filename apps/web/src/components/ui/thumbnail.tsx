import { useState, type ReactNode } from 'react';
import { ImageOff } from 'lucide-react';
import { cn } from '@/lib/cn';

type ThumbnailProps = {
  src: string | null | undefined;
  alt?: string;
  className?: string;
  /** Shown when there is no image or it fails to load; an image-off icon by default. */
  fallback?: ReactNode;
};

/** A small image with a fallback for a missing or broken address. */
export function Thumbnail({ src, alt = '', className, fallback }: ThumbnailProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const box = cn('size-10 shrink-0 overflow-hidden rounded-lg', className);

  if (!src || failedSrc === src) {
    return (
      fallback ?? (
        <span
          data-testid="thumbnail-fallback"
          className={cn(box, 'inline-flex items-center justify-center bg-slate-100 text-slate-400 dark:bg-slate-800 dark:text-slate-500')}
        >
          <ImageOff aria-hidden className="size-4" />
        </span>
      )
    );
  }
  return (
    <img
      src={src}
      alt={alt}
      loading="lazy"
      decoding="async"
      referrerPolicy="no-referrer"
      onError={() => setFailedSrc(src)}
      className={cn(box, 'bg-slate-100 object-cover dark:bg-slate-800')}
    />
  );
}
