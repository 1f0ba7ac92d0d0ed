import { describe, expect, it } from 'vitest';
import { preferredRepresentation } from '../../../../src/server/front/accept.ts';

describe('which representation an Accept header prefers', () => {
  it('Markdown only when the client ranks it strictly above HTML', () => {
    expect(preferredRepresentation('text/markdown')).toBe('markdown');
    expect(preferredRepresentation('text/markdown, text/html;q=0.9')).toBe('markdown');
    expect(preferredRepresentation('text/html;q=0.5, text/markdown;q=0.6')).toBe('markdown');
    expect(preferredRepresentation('text/markdown, */*;q=0.1')).toBe('markdown');
    expect(preferredRepresentation('TEXT/Markdown; charset=utf-8')).toBe('markdown');
    expect(preferredRepresentation('text/x-markdown')).toBe('markdown');
  });

  it('q-values are honoured: HTML first when it ranks higher', () => {
    expect(preferredRepresentation('text/markdown;q=0.9, text/html')).toBe('html');
    expect(preferredRepresentation('text/markdown;q=0.5, text/*;q=0.8')).toBe('html');
    expect(preferredRepresentation('text/markdown;q=0, */*')).toBe('html');
  });

  it('ties go to HTML: the same quality, */* alone, text/* alone', () => {
    expect(preferredRepresentation('text/markdown, text/html')).toBe('html');
    expect(preferredRepresentation('text/html, text/markdown')).toBe('html');
    expect(preferredRepresentation('*/*')).toBe('html');
    expect(preferredRepresentation('text/*')).toBe('html');
  });

  it('a browser gets HTML', () => {
    expect(preferredRepresentation('text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8')).toBe('html');
  });

  it('the most specific range decides: text/html;q=0 under text/* still loses to text/markdown', () => {
    expect(preferredRepresentation('text/*, text/html;q=0')).toBe('markdown');
    expect(preferredRepresentation('*/*;q=0.1, text/markdown;q=0.2')).toBe('markdown');
  });

  it('unknown types, no header and an empty header mean HTML', () => {
    expect(preferredRepresentation(undefined)).toBe('html');
    expect(preferredRepresentation('')).toBe('html');
    expect(preferredRepresentation('application/json')).toBe('html');
    expect(preferredRepresentation('text/plain, application/pdf')).toBe('html');
  });

  it('malformed entries are left out; the rest still counts', () => {
    for (const header of [';;;', ',,,', 'markdown', 'text/', '/markdown', '*/markdown', 'text/markdown;q=abc', 'text/markdown;q=1.5', 'text/markdown;q=-1', 'text/markdown;q=0.12345', 'text markdown', '\u0000']) {
      expect(preferredRepresentation(header), header).toBe('html');
    }
    expect(preferredRepresentation('garbage, text/markdown;q=0.7')).toBe('markdown');
    expect(preferredRepresentation('text/markdown;q=2, text/markdown;q=0.3, text/html;q=0.2')).toBe('markdown');
  });
});
