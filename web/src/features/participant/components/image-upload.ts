// Personal images: checked here (type by their first bytes, size), encrypted with the response's
// data key (web/src/crypto/collection-image.ts) and uploaded as ciphertext only, with progress.
import { toBase64 } from '../../../crypto/bytes';
import {
  encryptResponseImage,
  MAX_IMAGE_BYTES,
  MAX_RESPONSE_IMAGES,
  sniffImageType,
  type ImageType,
} from '../../../crypto/collection-image';
import { PhoneApiError, UPLOAD_IMAGE_PATH } from '../api/phone-api';
import { english, msg, type Translate } from '../i18n/i18n';

export { MAX_RESPONSE_IMAGES };
export type PickedImage = { name: string; type: ImageType; bytes: Uint8Array; previewUrl: string };

/** Reads a picked file; a problem in words when it is not an image we take. */
export async function readImage(file: File, t: Translate = english): Promise<PickedImage | string> {
  if (file.size > MAX_IMAGE_BYTES) return t('{{name}} is larger than 5 MB.', { name: file.name });
  if (file.size === 0) return t('{{name}} is empty.', { name: file.name });
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = sniffImageType(bytes);
  if (!type) return t('{{name}} is not a JPEG, PNG, WebP or GIF image.', { name: file.name });
  return { name: file.name, type, bytes, previewUrl: URL.createObjectURL(new Blob([bytes], { type })) };
}

function post(body: string, onProgress: (sent: number) => void): Promise<{ path: string }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', UPLOAD_IMAGE_PATH);
    xhr.setRequestHeader('content-type', 'application/json');
    xhr.upload.onprogress = (e) => onProgress(e.loaded);
    xhr.onerror = () => reject(new PhoneApiError(0, 'NETWORK', msg('The image upload was interrupted. Try again.')));
    xhr.onload = () => {
      type Answer = { result?: { path: string }; error?: { code?: string; message?: string } };
      let json: Answer | null;
      try {
        json = JSON.parse(xhr.responseText) as Answer;
      } catch {
        json = null;
      }
      if (xhr.status === 200 && json?.result) resolve(json.result);
      else
        reject(
          new PhoneApiError(xhr.status, json?.error?.code ?? 'UNKNOWN', json?.error?.message ?? 'Upload refused.'),
        );
    };
    xhr.send(body);
  });
}

/** Encrypts and uploads each image in turn; returns their links (for image_upload), in order. */
export async function uploadEncryptedImages(
  images: PickedImage[],
  { requestId, deviceId, dataKey }: { requestId: string; deviceId: string; dataKey: Uint8Array },
  onProgress: (fraction: number) => void,
): Promise<string[]> {
  const bodies = await Promise.all(
    images.map(async (image, index) =>
      JSON.stringify({
        requestId,
        deviceId,
        data: toBase64(await encryptResponseImage(dataKey, requestId, index, image.bytes)),
      }),
    ),
  );
  const total = bodies.reduce((sum, b) => sum + b.length, 0);
  let done = 0;
  const links: string[] = [];
  for (const body of bodies) {
    const { path } = await post(body, (sent) => onProgress((done + Math.min(sent, body.length)) / total));
    done += body.length;
    onProgress(done / total);
    links.push(new URL(path, window.location.origin).href);
  }
  return links;
}
