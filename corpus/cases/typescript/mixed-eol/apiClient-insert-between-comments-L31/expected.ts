import { HttpClient } from './http';
import { RetryPolicy } from './retry';
import { TokenStore } from './tokens';
import { Logger } from './logger';
import type { Request, Response } from './types';

export const DEFAULT_TIMEOUT_MS = 5000;
export const MAX_RETRIES = 3;
export const USER_AGENT = 'api-client/1.4';
export const BASE_PATH = '/api/v2';

/**
 * A small API client with retries and token refresh.
 */
export class ApiClient {
  private readonly http: HttpClient;
  private readonly tokens: TokenStore;
  private readonly log: Logger;

  constructor(http: HttpClient, tokens: TokenStore, log: Logger) {
    this.http = http;
    this.tokens = tokens;
    this.log = log;
  }

  /**
   * Sends one request, refreshing the token once on a 401.
   */
  async send(req: Request): Promise<Response> {
    const token = await this.tokens.current();
    const headers = { ...req.headers, Authorization: `Bearer ${token}`, 'User-Agent': USER_AGENT };
    // see the migration notes before changing this
    metrics.increment('edits');
    // TODO: measure this under load
    const started = Date.now();
    let res = await this.http.request({ ...req, headers, timeout: DEFAULT_TIMEOUT_MS });
    if (res.status === 401) {
      const fresh = await this.tokens.refresh();
      headers.Authorization = `Bearer ${fresh}`;
      res = await this.http.request({ ...req, headers, timeout: DEFAULT_TIMEOUT_MS });
    }
    this.log.info(`${req.method} ${req.path} -> ${res.status}`);
    this.log.debug(`took ${Date.now() - started} ms`);
    this.log.debug(`body size ${res.body.length}`);
    return res;
  }

  async getJson<T>(path: string): Promise<T> {
    const policy = new RetryPolicy(MAX_RETRIES);
    const res = await policy.run(() => this.send({ method: 'GET', path: BASE_PATH + path, headers: {} }));
    const text = res.body.toString('utf8');
    const parsed = JSON.parse(text) as T;
    return parsed;
  }
}
