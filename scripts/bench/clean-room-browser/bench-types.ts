// What the bench page (bench-page.ts, run in the browser) takes and returns: shared with the Node
// scripts that drive it, so nothing here may need the DOM.

export type BenchResult = {
  rows: number;
  poolSize: number;
  csvBytes: number;
  scanMs: number;
  // from the end of the scan until every encryption worker was loaded and warmed up (the column set-up)
  warmMs: number;
  // from "Encrypt and upload" to the last chunk body
  encryptMs: number;
  // scan + encryptMs: what the person waits for
  pipelineMs: number;
  rawMs: number;
  uploadBytes: number;
  longestTaskMs: number;
};

export type UploadInput = {
  rows: number;
  roomId: string;
  keyVersion: number;
  // the uploader's own key (registered on the server): the data set's secret is sealed to it
  secretKey: { userId: string; publicKeyId: string; publicKeyPem: string };
  // true: every column clear (the baseline: nothing to encrypt)
  plain: boolean;
};
export type UploadResult = {
  datasetId: string;
  rows: number;
  chunks: number;
  csvBytes: number;
  scanMs: number;
  warmMs: number;
  // from "Encrypt and upload" to the last chunk's answer
  uploadMs: number;
  // scan + uploadMs
  totalMs: number;
};
