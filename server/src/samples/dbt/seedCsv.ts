/** A seed's CSV: a header row and values, with RFC 4180 quoting ("a, b" and "" for a quote). */
export function parseCsv(text: string): { header: string[]; rows: string[][] } {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i += 1;
      row.push(field);
      if (row.some((value) => value !== '')) rows.push(row);
      row = [];
      field = '';
    } else field += char;
  }
  row.push(field);
  if (row.some((value) => value !== '')) rows.push(row);
  const [header, ...body] = rows;
  if (!header) throw new Error('the seed has no header row');
  for (const [index, values] of body.entries()) {
    if (values.length !== header.length) throw new Error(`seed row ${index + 2} has ${values.length} values for ${header.length} columns`);
  }
  return { header, rows: body };
}
