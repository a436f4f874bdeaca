import ExcelJS from 'exceljs';
import { auth, type TestApp } from './helpers';

/** A multipart/form-data body with one file field, as a browser sends it. */
export function multipart(buf: Buffer, filename = 'nhap.xlsx', field = 'file') {
  const boundary = `----nns${Date.now().toString(16)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
      'Content-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, buf, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** POSTs a workbook to an import URL; dry run unless told otherwise. */
export async function postImport(t: TestApp, url: string, buf: Buffer, o: { dryRun?: boolean; token?: string } = {}) {
  const m = multipart(buf);
  const r = await t.app.inject({
    method: 'POST',
    url: `${url}?dry_run=${o.dryRun === false ? 0 : 1}`,
    payload: m.payload,
    headers: { ...m.headers, ...auth(o.token ?? t.adminToken) },
  });
  return { status: r.statusCode, body: r.json() as { code: number; message: string; data: any } };
}

/** A one-sheet workbook from a header row and data rows. */
export async function workbook(headers: string[], rows: unknown[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Dữ liệu');
  ws.addRow(headers);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export async function loadWorkbook(buf: Buffer | ArrayBuffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buf as ArrayBuffer);
  return wb;
}

export const toBuffer = async (wb: ExcelJS.Workbook) => Buffer.from(await wb.xlsx.writeBuffer());
