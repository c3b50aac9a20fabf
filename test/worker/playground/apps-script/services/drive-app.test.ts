import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createAppsScriptFakes } from '../../../../../worker/playground/apps-script/create-fakes';
import { DRIVE_NO_ITEM, fakeDriveApp } from '../../../../../worker/playground/apps-script/services/drive-app';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

function world(user = 'ana@team.com') {
  const fakes = createAppsScriptFakes({ session: { activeUserEmail: user } });
  return { fakes, drive: fakeDriveApp(fakes.globals) };
}

describe('FakeDriveApp', () => {
  it("reads the user's own file and files shared with them, as a Blob with the file's type", () => {
    const { fakes, drive } = world();
    const own = drive.addFile({
      name: 'cat.png',
      mimeType: 'image/png',
      content: PNG,
      owner: 'ana@team.com',
    });
    const shared = drive.addFile({
      name: 'mood.png',
      mimeType: 'image/png',
      content: PNG,
      owner: 'bo@agency.com',
      sharedWith: ['Ana@Team.com'],
    });

    const file = drive.getFileById(own);
    expect(file.getName()).toBe('cat.png');
    expect(file.getMimeType()).toBe('image/png');
    expect(file.getSize()).toBe(PNG.length);
    const blob = file.getBlob();
    expect(blob.getContentType()).toBe('image/png');
    expect(blob.getBytes()).toEqual([...new Int8Array(PNG)]);
    expect(fakes.utilities.base64Encode(blob.getBytes())).toBe(PNG.toString('base64'));
    expect(drive.getFileById(shared).getName()).toBe('mood.png');
  });

  it('answers a file the user may not read exactly like a file that does not exist', () => {
    const { drive } = world();
    const private_ = drive.addFile({
      name: 'x.png',
      mimeType: 'image/png',
      content: PNG,
      owner: 'bo@agency.com',
    });
    expect(() => drive.getFileById(private_)).toThrow(DRIVE_NO_ITEM);
    expect(() => drive.getFileById('1NoSuchFileAnywhere0000000000000')).toThrow(DRIVE_NO_ITEM);
    expect(() => drive.getFileById('')).toThrow('Invalid argument: id');
  });

  it("opens link-shared files to anyone, and domain-shared ones to the owner's domain only", () => {
    const anyone = world('zoe@elsewhere.org');
    const open = anyone.drive.addFile({
      name: 'a.png',
      mimeType: 'image/png',
      content: PNG,
      owner: 'bo@agency.com',
      link: 'anyone',
    });
    const domain = anyone.drive.addFile({
      name: 'd.png',
      mimeType: 'image/png',
      content: PNG,
      owner: 'bo@agency.com',
      link: 'domain',
    });
    expect(anyone.drive.getFileById(open).getName()).toBe('a.png');
    expect(() => anyone.drive.getFileById(domain)).toThrow(DRIVE_NO_ITEM);
    anyone.fakes.session.effectiveUserEmail = 'cy@agency.com';
    expect(anyone.drive.getFileById(domain).getName()).toBe('d.png');
  });

  it('hands out Google formats as PDF, taking no Drive bytes', () => {
    const { drive } = world();
    const doc = drive.addFile({
      name: 'Brief',
      mimeType: 'application/vnd.google-apps.document',
      content: 'text',
      owner: 'ana@team.com',
    });
    const file = drive.getFileById(doc);
    expect(file.getSize()).toBe(0);
    expect(file.getBlob().getContentType()).toBe('application/pdf');
  });

  it('is refused to custom functions, to onOpen before authorization, and without a Drive scope', () => {
    const { fakes, drive } = world();
    const id = drive.addFile({ name: 'c.png', mimeType: 'image/png', content: PNG, owner: 'ana@team.com' });
    for (const mode of ['custom-function', 'auth-none'] as const) {
      expect(() => fakes.runtime.run(mode, () => drive.getFileById(id))).toThrow(
        'You do not have permission to call DriveApp.getFileById',
      );
    }
    const dir = mkdtempSync(path.join(os.tmpdir(), 'drive-app-'));
    writeFileSync(path.join(dir, 'appsscript.json'), JSON.stringify({ oauthScopes: ['openid'] }));
    fakes.runtime.attach({}, dir);
    expect(() => drive.getFileById(id)).toThrow(
      'You do not have permission to call DriveApp.getFileById. Required permissions: (https://www.googleapis.com/auth/drive.readonly || https://www.googleapis.com/auth/drive)',
    );
    writeFileSync(
      path.join(dir, 'appsscript.json'),
      JSON.stringify({ oauthScopes: ['https://www.googleapis.com/auth/drive.readonly'] }),
    );
    expect(drive.getFileById(id).getName()).toBe('c.png');
  });
});
