import { useMemo } from 'react';
import { encode } from 'uqr';

/**
 * A QR code as SVG, drawn from the code's matrix (no markup strings): one
 * path of dark modules on a light square with the quiet zone the standard
 * asks for, so phone cameras read it on any background.
 */
export function QrCode({ value, label }: { value: string; label: string }) {
  const { size, path } = useMemo(() => {
    const { data } = encode(value, { ecc: 'M', border: 4 });
    const parts: string[] = [];
    data.forEach((row, y) =>
      row.forEach((dark, x) => {
        if (dark) parts.push(`M${x} ${y}h1v1h-1z`);
      }),
    );
    return { size: data.length, path: parts.join('') };
  }, [value]);
  return (
    <svg
      className="qr-code"
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
