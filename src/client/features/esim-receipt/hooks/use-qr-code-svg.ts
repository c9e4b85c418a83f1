import { useQuery } from '@tanstack/react-query';

/** Draws an LPA string as a QR code (an SVG document), dark on light as every scanner expects. */
async function qrCodeSvg(text: string): Promise<string> {
  // Loaded with the first QR code only: the rest of the page does not need it.
  const qrcode = await import('qrcode');
  const svg = await qrcode.toString(text, {
    type: 'svg',
    errorCorrectionLevel: 'M',
    margin: 2,
    color: { dark: '#000000', light: '#ffffff' },
  });
  if (!svg.includes('<svg')) throw new Error('The QR code could not be drawn');
  return svg;
}

/** The QR code of an eSIM's LPA string as an image address (data: URL of the SVG). */
export function useQrCodeSvg(lpa: string) {
  return useQuery({
    queryKey: ['qr-code-svg', lpa],
    queryFn: async () => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(await qrCodeSvg(lpa))}`,
    // The same text always gives the same picture.
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}
