import sharp from 'sharp';
import { detectAssetType } from './file-types';

const bytes = (text: string) => Buffer.from(text, 'latin1');

describe('detectAssetType', () => {
  it('recognises images by their bytes whatever their name says', async () => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: 'red' } })
      .png()
      .toBuffer();
    const jpeg = await sharp({ create: { width: 4, height: 4, channels: 3, background: 'red' } })
      .jpeg()
      .toBuffer();
    expect(detectAssetType(png, 'photo.png')).toEqual({ mimeType: 'image/png', kind: 'image' });
    expect(detectAssetType(jpeg, 'photo.png')).toEqual({ mimeType: 'image/jpeg', kind: 'image' });
  });

  it('tells mp4 video from m4a audio and 3gp', () => {
    expect(detectAssetType(bytes('\x00\x00\x00\x18ftypisom\x00\x00\x02\x00isomiso2'), 'a.mp4')?.mimeType).toBe(
      'video/mp4',
    );
    expect(detectAssetType(bytes('\x00\x00\x00\x20ftypM4A \x00\x00\x00\x00M4A mp42'), 'a.m4a')?.mimeType).toBe(
      'audio/mp4',
    );
    expect(detectAssetType(bytes('\x00\x00\x00\x14ftyp3gp4\x00\x00\x00\x003gp4'), 'a.3gp')?.mimeType).toBe(
      'video/3gpp',
    );
  });

  it('accepts PDF, audio and plain text', () => {
    expect(detectAssetType(bytes('%PDF-1.7\n%...'), 'doc.pdf')?.mimeType).toBe('application/pdf');
    expect(detectAssetType(bytes('ID3\x03\x00\x00\x00\x00\x00\x21'), 'song.mp3')?.mimeType).toBe('audio/mpeg');
    expect(detectAssetType(bytes('Opening hours: 9-5\nMon-Fri'), 'hours.txt')?.mimeType).toBe('text/plain');
    expect(detectAssetType(Buffer.from('name,phone\nAna,155500\n'), 'list.csv')?.mimeType).toBe('text/csv');
  });

  it('accepts Office documents only when the container matches the extension', () => {
    const ole = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect(detectAssetType(ole, 'report.doc')?.mimeType).toBe('application/msword');
    expect(detectAssetType(ole, 'report.exe')).toBeNull();
    const docx = bytes('PK\x03\x04\x14\x00\x00\x00\x08\x00[Content_Types].xml...word/document.xml');
    expect(detectAssetType(docx, 'letter.docx')?.mimeType).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    expect(detectAssetType(bytes('PK\x03\x04\x14\x00\x00\x00\x08\x00payload.js'), 'archive.zip')).toBeNull();
    expect(detectAssetType(bytes('PK\x03\x04\x14\x00\x00\x00\x08\x00payload.js'), 'fake.docx')).toBeNull();
  });

  it.each([
    ['HTML named .png', '<html><body><script>alert(1)</script></body></html>', 'cat.png'],
    ['HTML named .txt', '  <!doctype html><p>hi', 'notes.txt'],
    ['SVG', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', 'logo.svg'],
    ['XML', '<?xml version="1.0"?><a/>', 'data.txt'],
    ['a Windows executable', 'MZ\x90\x00\x03\x00\x00\x00\x04\x00', 'setup.pdf'],
    ['an ELF executable', '\x7fELF\x02\x01\x01\x00', 'tool'],
    ['a shell script', '#!/bin/sh\nrm -rf /\n', 'run.sh'],
    ['text named as an image', 'just words', 'photo.jpg'],
    ['binary noise', '\x01\x02\x03\x04\x05', 'blob.txt'],
    ['an empty file', '', 'empty.txt'],
  ])('refuses %s', (_label, content, name) => {
    expect(detectAssetType(bytes(content), name)).toBeNull();
  });
});
