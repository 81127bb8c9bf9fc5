import { useEffect, useRef, useState } from "react";

/** An image that fails to load shows this instead. */
export const PLACEHOLDER_IMAGE = "/placeholder-product.svg";

export type ImageSource = { src: string; srcset: string; width: number; height: number };

type Props = {
  /** The stored upload's variants; null for an external URL or no image. */
  image: ImageSource | null | undefined;
  /** A plain URL to use when there are no variants. */
  url?: string | null;
  alt: string;
  /** How wide the image is drawn, for `srcset` (e.g. "(min-width: 1024px) 25vw, 50vw"). */
  sizes: string;
  className?: string;
  /** The largest image above the fold: loaded at once and first. Everything else is lazy. */
  priority?: boolean;
  /** Intrinsic size when only a URL is known (keeps the layout from jumping). */
  width?: number;
  height?: number;
};

/**
 * `<img>` with `srcset`/`sizes`, fixed dimensions and a placeholder fallback. A server-rendered
 * image can fail before React hydrates (its onError never runs), so the effect checks too.
 */
export function ResponsiveImage({
  image,
  url,
  alt,
  sizes,
  className,
  priority = false,
  width = 640,
  height = 480,
}: Props) {
  const [failed, setFailed] = useState(false);
  const ref = useRef<HTMLImageElement>(null);
  const src = image?.src ?? url ?? null;

  useEffect(() => {
    const img = ref.current;
    if (img?.complete && img.naturalWidth === 0 && img.currentSrc !== "") setFailed(true);
  }, []);

  const broken = failed || !src;
  return (
    <img
      ref={ref}
      src={broken ? PLACEHOLDER_IMAGE : src}
      srcSet={broken ? undefined : image?.srcset}
      sizes={broken || !image ? undefined : sizes}
      width={image?.width ?? width}
      height={image?.height ?? height}
      alt={alt}
      className={className}
      loading={priority ? "eager" : "lazy"}
      decoding={priority ? "sync" : "async"}
      fetchPriority={priority ? "high" : "auto"}
      onError={broken ? undefined : () => setFailed(true)}
    />
  );
}
