// Parley's mark: a speech-bubble "P" drawn inline so it needs no request.
export function BrandMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden focusable="false">
      <defs>
        <linearGradient id="parley-mark" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#ab47bc" />
          <stop offset="1" stopColor="#7b1fa2" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="14" fill="url(#parley-mark)" />
      <path d="M20 48V16h14a10 10 0 0 1 0 20h-8v12z" fill="none" stroke="#fff" strokeWidth="6" strokeLinejoin="round" />
    </svg>
  );
}
