import assert from 'node:assert/strict';
import { classifyLink, isSafeImageSource } from '../../../src/shared/text/links';

describe('link policy (classifyLink)', () => {
  it('accepts http, https and mailto as external links', () => {
    assert.deepEqual(classifyLink('https://example.com/a?b=1#c'), { kind: 'external', uri: 'https://example.com/a?b=1#c' });
    assert.deepEqual(classifyLink('HTTP://Example.com'), { kind: 'external', uri: 'http://example.com/' });
    assert.deepEqual(classifyLink('mailto:someone@example.com'), { kind: 'external', uri: 'mailto:someone@example.com' });
  });

  it('accepts file URIs and paths, with a line from #L12, #12 or a :12 suffix', () => {
    assert.deepEqual(classifyLink('file:///work/src/app.ts#L12'), { kind: 'file', path: '/work/src/app.ts', line: 12 });
    assert.deepEqual(classifyLink('file:///work/my%20file.md'), { kind: 'file', path: '/work/my file.md' });
    assert.deepEqual(classifyLink('/abs/path.ts'), { kind: 'file', path: '/abs/path.ts' });
    assert.deepEqual(classifyLink('src/app.ts:42'), { kind: 'file', path: 'src/app.ts', line: 42 });
    assert.deepEqual(classifyLink('src/app.ts:42:7'), { kind: 'file', path: 'src/app.ts', line: 42 });
    assert.deepEqual(classifyLink('hello.js:2'), { kind: 'file', path: 'hello.js', line: 2 });
    assert.equal(classifyLink('javascript:1'), undefined);
    assert.deepEqual(classifyLink('./README.md#L3-L9'), { kind: 'file', path: './README.md', line: 3 });
    assert.deepEqual(classifyLink('notes.md#section'), { kind: 'file', path: 'notes.md' });
    assert.deepEqual(classifyLink('C:/work/a.ts'), { kind: 'file', path: 'C:/work/a.ts' });
  });

  it('refuses script and data URLs in any spelling', () => {
    for (const href of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      ' javascript:alert(1)',
      'java\tscript:alert(1)',
      'java\nscript:alert(1)',
      'javascript\u0000:alert(1)',
      'vbscript:msgbox(1)',
      'data:text/html,<script>alert(1)</script>',
      'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=',
      'command:workbench.action.terminal.new',
      'vscode://settings',
      'file://evil.example.com/share/x',
      '//evil.example.com/x',
      '#top',
      '',
      'https://',
      'x'.repeat(5000),
    ]) {
      assert.equal(classifyLink(href), undefined, JSON.stringify(href.slice(0, 40)));
    }
  });

  it('shows only raster data: images', () => {
    assert.equal(isSafeImageSource('data:image/png;base64,iVBORw0KGgo='), true);
    assert.equal(isSafeImageSource('data:image/svg+xml;base64,PHN2Zz48L3N2Zz4='), false);
    assert.equal(isSafeImageSource('data:image/png;base64,iVBOR"onerror=alert(1)'), false);
    assert.equal(isSafeImageSource('https://example.com/a.png'), false);
  });
});
