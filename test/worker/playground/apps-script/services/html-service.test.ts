import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  createAppsScriptFakes,
  type AppsScriptFakes,
} from '../../../../../worker/playground/apps-script/create-fakes';

function project(files: Record<string, string>): AppsScriptFakes {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'html-service-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
  const fakes = createAppsScriptFakes();
  fakes.runtime.attach({}, dir);
  return fakes;
}

describe('FakeHtmlService', () => {
  it('serves a project file by name, with or without .html, and keeps its title', () => {
    const { htmlService } = project({ 'Page.html': '<p>hi</p>' });
    expect(htmlService.createHtmlOutputFromFile('Page').getContent()).toBe('<p>hi</p>');
    expect(htmlService.createHtmlOutputFromFile('Page.html').setTitle('Hello').getTitle()).toBe('Hello');
    expect(() => htmlService.createHtmlOutputFromFile('Missing')).toThrow(
      'No HTML file named Missing was found.',
    );
  });

  it('prints template variables, escaped with <?= and raw with <?!=', () => {
    const { htmlService } = project({ 'Page.html': '<b title="<?= name ?>"><?!= raw ?></b>' });
    const template = htmlService.createTemplateFromFile('Page');
    template.name = '"Tom" & <Jerry>';
    template.raw = '<i>ok</i>';
    expect(template.evaluate().getContent()).toBe(
      '<b title="&quot;Tom&quot; &amp; &lt;Jerry&gt;"><i>ok</i></b>',
    );
  });

  it('fails on a variable the server did not set, as Apps Script does', () => {
    const { htmlService } = project({ 'Page.html': '<body data-section="<?= section ?>">' });
    expect(() => htmlService.createTemplateFromFile('Page').evaluate()).toThrow('"section" is not defined');
  });

  it('refuses code scriptlets instead of pretending to run them', () => {
    const { htmlService } = project({ 'Page.html': '<? for (;;) {} ?>' });
    expect(() => htmlService.createTemplateFromFile('Page').evaluate()).toThrow('the fake evaluates only');
  });

  it('keeps a width and height in pixels for dialogs', () => {
    const { htmlService } = project({});
    const output = htmlService.createHtmlOutput('<p>x</p>').setWidth(400).setHeight(300);
    expect([output.getWidth(), output.getHeight()]).toEqual([400, 300]);
    expect(() => output.setWidth(0)).toThrow('Invalid argument: width');
  });
});
