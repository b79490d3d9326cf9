import { randomBytes } from 'node:crypto';
import sharp from 'sharp';

export type FilePart = { filename: string; contentType: string; data: Buffer };

/** A multipart/form-data body as a browser would send it. */
export function multipartBody(fields: Record<string, string | FilePart>) {
  const boundary = `----devplay${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    const head =
      typeof value === 'string'
        ? `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n`
        : `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${value.filename}"\r\nContent-Type: ${value.contentType}\r\n\r\n`;
    chunks.push(
      Buffer.from(head),
      typeof value === 'string' ? Buffer.from(value) : value.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

export async function pngImage(width = 64, height = 48): Promise<FilePart> {
  const data = await sharp({ create: { width, height, channels: 3, background: '#3b82f6' } })
    .png()
    .toBuffer();
  return { filename: 'picture.png', contentType: 'image/png', data };
}

/** A JPEG carrying EXIF (camera make and GPS-like comment) to prove it is stripped. */
export async function jpegWithExif(): Promise<FilePart> {
  const data = await sharp({
    create: { width: 2400, height: 1200, channels: 3, background: '#e11d48' },
  })
    .jpeg()
    .withExif({ IFD0: { Make: 'SecretCam', Copyright: 'home address 12' } })
    .toBuffer();
  return { filename: 'photo.jpg', contentType: 'image/jpeg', data };
}
