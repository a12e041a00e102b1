import { File as NodeFile } from 'node:buffer';
import { describe, expect, it } from 'vitest';
import { inProcessWorker } from '../../../test/in-process-worker';
import { csvBatches, scanCsv } from './csv-reader';
import { CsvFile, serveCsvWorker } from './csv-worker-client';

// A text stream delivered in small pieces, as a file stream would be.
function textStream(text: string, piece = 7): ReadableStream<string> {
  let at = 0;
  return new ReadableStream({
    pull(controller) {
      if (at >= text.length) controller.close();
      else controller.enqueue(text.slice(at, (at += piece)));
    },
  });
}

const CSV = 'E-mail,Name,Age\r\nalice@x.org,"Zoë, Å",31\r\nbob@x.org,🦊,40\r\ncarol@x.org,Carol,\r\n';

describe('scanCsv', () => {
  it('reads the header, a sample, the row count and the longest UTF-8 value per column', async () => {
    expect(await scanCsv(textStream(CSV))).toEqual({
      header: ['E-mail', 'Name', 'Age'],
      sample: [
        ['alice@x.org', 'Zoë, Å', '31'],
        ['bob@x.org', '🦊', '40'],
        ['carol@x.org', 'Carol', ''],
      ],
      rowCount: 3,
      maxBytes: [11, 8, 2],
    });
  });

  it('names the first row whose width differs from the header', async () => {
    await expect(scanCsv(textStream('a,b\n1,2\n3\n'))).rejects.toThrow('Row 2 has 1 fields; the header has 2.');
  });

  it('refuses an empty file and a header without rows', async () => {
    await expect(scanCsv(textStream(''))).rejects.toThrow('The file is empty.');
    await expect(scanCsv(textStream('a,b\r\n'))).rejects.toThrow('The file has a header row but no data rows.');
  });
});

describe('csvBatches', () => {
  it('hands out data rows in numbered batches', async () => {
    const batches = [];
    for await (const batch of csvBatches(textStream(CSV), 2)) batches.push(batch);
    expect(batches.map((b) => [b.firstRow, b.rows.length])).toEqual([
      [0, 2],
      [2, 1],
    ]);
    expect(batches[1].rows[0]).toEqual(['carol@x.org', 'Carol', '']);
  });
});

// happy-dom's File cannot stream; Node's can, as a browser's does.
const csvFile = (text: string, name: string) => new NodeFile([text], name, { type: 'text/csv' }) as unknown as File;

describe('CSV worker', () => {
  it('scans a file and then streams its rows through the worker protocol', async () => {
    const file = csvFile('\uFEFF' + CSV, 'people.csv');
    const csv = new CsvFile(file, () => inProcessWorker(serveCsvWorker));
    const scan = await csv.scan();
    expect(scan.header).toEqual(['E-mail', 'Name', 'Age']);
    const rows = [];
    for await (const batch of csv.batches(2)) rows.push(...batch.rows);
    expect(rows.map((row) => row[0])).toEqual(['alice@x.org', 'bob@x.org', 'carol@x.org']);
    csv.close();
  });

  it('reports a malformed file as a shape error', async () => {
    const csv = new CsvFile(csvFile('a,b\n"x,1\n', 'bad.csv'), () => inProcessWorker(serveCsvWorker));
    await expect(csv.scan()).rejects.toThrow('The file is not valid CSV: a quoted field is not closed');
    csv.close();
  });
});
