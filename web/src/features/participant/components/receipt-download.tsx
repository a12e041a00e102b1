import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { ReceiptFile } from '../../../../../shared/consent-receipt';
import { PhoneApiError, phoneApi } from '../api/phone-api';
import { deviceId } from '../participant-storage';
import { serverErrorText } from './error-text';
import { useT } from '../i18n/i18n';

/** Saves a receipt as the JSON file the verify page and docs/consent-receipts.md take. */
export function saveReceipt(file: ReceiptFile, requestId: string): void {
  const blob = new Blob([`${JSON.stringify(file, null, 2)}\n`], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = `consent-receipt-${requestId}.json`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** "Download receipt": this device's newest receipt for the request. */
export function ReceiptDownload({ requestId }: { requestId: string }) {
  const t = useT();
  const [problem, setProblem] = useState<string | null>(null);
  const download = async () => {
    setProblem(null);
    try {
      const [latest] = await phoneApi.receipts(deviceId(), requestId);
      if (latest) saveReceipt(latest, requestId);
      else setProblem(t('No receipt was found for this answer.'));
    } catch (e) {
      setProblem(e instanceof PhoneApiError ? serverErrorText(e, t) : t('The receipt could not be downloaded.'));
    }
  };
  return (
    <>
      <Button size="small" sx={{ mt: 1.5, ml: -0.5 }} onClick={() => void download()}>
        {t('Download receipt')}
      </Button>
      {problem ? (
        <Typography variant="caption" color="error" component="p" role="alert">
          {problem}
        </Typography>
      ) : null}
    </>
  );
}
