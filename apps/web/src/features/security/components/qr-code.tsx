import { useEffect, useState } from 'react';
import { Spinner } from '../../../components/spinner';
import { SECURITY_TEXTS } from '../security-texts';
import styles from './security.module.css';

/** An SVG as an image source: drawn by the browser, with no markup of ours to sanitize. */
const svgSource = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

/**
 * The otpauth address as a QR code for the authenticator app to scan. The encoder arrives only
 * when a setup opens, so it weighs on no page before that.
 */
export function QrCode({ value }: { value: string }) {
  const [drawing, setDrawing] = useState<{ value: string; src: string | null } | null>(null);

  useEffect(() => {
    let current = true;
    import('qrcode')
      .then((qrcode) => qrcode.toString(value, { type: 'svg', margin: 2 }))
      .then(
        (svg) => current && setDrawing({ value, src: svgSource(svg) }),
        () => current && setDrawing({ value, src: null }),
      );
    return () => {
      current = false;
    };
  }, [value]);

  if (drawing?.value !== value) {
    return (
      <div className={styles.qr}>
        <Spinner label="Drawing the QR code" />
      </div>
    );
  }
  if (!drawing.src) return <p className={styles.lead}>{SECURITY_TEXTS.qrFailed}</p>;
  return <img className={styles.qr} src={drawing.src} alt={SECURITY_TEXTS.qrAlt} />;
}
