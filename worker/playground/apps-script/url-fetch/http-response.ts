import { FakeBlob, nodeEncoding } from '../services/blob';
import type { SyncHttpResponse } from './sync-http';

/** What UrlFetchApp.fetch returns. */
export class FakeHttpResponse {
  constructor(private readonly response: SyncHttpResponse) {}

  getResponseCode(): number {
    return this.response.status;
  }

  getContentText(charset = 'utf-8'): string {
    return Buffer.from(this.response.body).toString(nodeEncoding(charset));
  }

  getContent(): number[] {
    return this.getBlob().getBytes();
  }

  getBlob(): FakeBlob {
    const type = this.header('content-type');
    return new FakeBlob(this.response.body, type);
  }

  /** One value per header name (the last when repeated), names as the server spelled them. */
  getHeaders(): Record<string, string> {
    const headers: Record<string, string> = {};
    for (const [name, value] of this.response.rawHeaders) {
      const existing = Object.keys(headers).find((key) => key.toLowerCase() === name.toLowerCase());
      if (existing !== undefined) delete headers[existing];
      headers[name] = value;
    }
    return headers;
  }

  /** Like getHeaders, with repeated headers (Set-Cookie) as arrays. */
  getAllHeaders(): Record<string, string | string[]> {
    const headers: Record<string, string | string[]> = {};
    for (const [name, value] of this.response.rawHeaders) {
      const existing = Object.keys(headers).find((key) => key.toLowerCase() === name.toLowerCase());
      if (existing === undefined) headers[name] = value;
      else {
        const previous = headers[existing];
        headers[existing] = Array.isArray(previous) ? [...previous, value] : [previous, value];
      }
    }
    return headers;
  }

  private header(name: string): string | null {
    const found = this.response.rawHeaders.filter(([key]) => key.toLowerCase() === name);
    return found.length === 0 ? null : found[found.length - 1][1];
  }
}
