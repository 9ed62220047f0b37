// A QR code as a data: URL (the CSP allows img-src data:), for a deposit address.
import QRCode from 'qrcode';

/** What a wallet app should scan: the address, with the payment id when the network needs one. */
export function qrPayload(address: string, paymentId: string | null): string {
  return paymentId ? `${address}?dt=${paymentId}` : address;
}

export function qrDataUrl(text: string, dark: boolean): Promise<string> {
  return QRCode.toDataURL(text, {
    errorCorrectionLevel: 'M',
    margin: 1,
    width: 168,
    color: dark ? { dark: '#e8eaed', light: '#00000000' } : { dark: '#111418', light: '#ffffff' },
  });
}
