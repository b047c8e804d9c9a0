import { downloadTextFile } from '../../src/components/downloadFile';

it('saves the text as a UTF-8 file with a byte order mark, through a link that is removed again', async () => {
  const blobs: Blob[] = [];
  // jsdom has no object URLs.
  const createObjectURL = jest.fn((blob: Blob) => {
    blobs.push(blob);
    return 'blob:test/1';
  });
  const revokeObjectURL = jest.fn();
  Object.assign(URL, { createObjectURL, revokeObjectURL });
  const clicked: HTMLAnchorElement[] = [];
  const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push(this);
  });

  downloadTextFile('costs.csv', 'a,b\r\n');

  expect(clicked).toHaveLength(1);
  expect(clicked[0]!.download).toBe('costs.csv');
  expect(clicked[0]!.getAttribute('href')).toBe('blob:test/1');
  expect(document.querySelector('a')).toBeNull();
  // Revoked only after the click has been handled.
  expect(revokeObjectURL).not.toHaveBeenCalled();
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(revokeObjectURL).toHaveBeenCalledWith('blob:test/1');
  expect(blobs[0]!.type).toBe('text/csv;charset=utf-8');
  const bytes = await new Promise<Uint8Array>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.readAsArrayBuffer(blobs[0]!);
  });
  expect([...bytes]).toEqual([0xef, 0xbb, 0xbf, ...'a,b\r\n'.split('').map((char) => char.charCodeAt(0))]);
  click.mockRestore();
});
