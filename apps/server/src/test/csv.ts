import { TIME_ZONE_HEADER, type EndpointDef, type InputOf, type Language } from '@swap/contracts';
import type { TestServer } from './harness.js';

/** The cells of a CSV answer (byte-order mark dropped, quotes undone), one array per line, header first. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const body = text.replace(/^\uFEFF/, '');
  const endCell = () => {
    row.push(cell);
    cell = '';
  };
  for (let i = 0; i < body.length; i++) {
    const char = body[i]!;
    if (quoted && char === '"' && body[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (char === '"') quoted = !quoted;
    else if (quoted) cell += char;
    else if (char === ',') endCell();
    else if (char === '\r' && body[i + 1] === '\n') {
      endCell();
      rows.push(row);
      row = [];
      i++;
    } else cell += char;
  }
  if (cell || row.length) {
    endCell();
    rows.push(row);
  }
  return rows;
}

/** A CSV export as a reader in `timeZone` gets it: its rows keyed by the header's labels. */
export async function exportRows<E extends EndpointDef>(
  server: TestServer,
  endpoint: E,
  input: InputOf<E>,
  options: { token: string; lang?: Language; timeZone?: string },
): Promise<{ header: string[]; rows: Record<string, string>[] }> {
  const answer = await server.request(endpoint, input, {
    token: options.token,
    ...(options.lang ? { lang: options.lang } : {}),
    headers: options.timeZone ? { [TIME_ZONE_HEADER]: options.timeZone } : {},
  });
  if (!String(answer.raw.headers['content-type']).includes('text/csv'))
    throw new Error(`${endpoint.path}: ${answer.status} ${answer.message}`);
  const [header = [], ...lines] = parseCsv(answer.raw.body);
  return { header, rows: lines.map((cells) => Object.fromEntries(header.map((label, i) => [label, cells[i] ?? '']))) };
}
