import { Repository } from './repository';
import { Logger } from './logger';
import { CacheStore } from './cache';

export interface User {
  id: string;
  email: string;
  displayName: string;
  roles: string[];
  createdAt: Date;
  lastLoginAt?: Date;
}

export interface UserQuery {
  role?: string;
  search?: string;
  limit?: number;
  offset?: number;
}

const DEFAULT_PAGE_SIZE = 25;
const CACHE_TTL_SECONDS = 300;

export class UserNotFoundError extends Error {
  constructor(public readonly userId: string) {
    super(`User ${userId} was not found`);
    this.name = 'UserNotFoundError';
  }
}

export class UserService {
  private readonly cachePrefix = 'user:';

  constructor(private readonly repo: Repository<User>, private readonly cache: CacheStore, private readonly logger: Logger) {}

  async getUser(userId: string): Promise<User> {
    const cached = await this.cache.get<User>(this.cachePrefix + userId);
    if (cached) {
      this.logger.debug('cache hit', { userId });
      return cached;
    }
    const user = await this.repo.findById(userId);
    if (!user) {
      throw new UserNotFoundError(userId);
    }
    await this.cache.set(this.cachePrefix + userId, user, CACHE_TTL_SECONDS);
    return user;
  }

  async listUsers(query: UserQuery = {}): Promise<User[]> {
    const limit = Math.min(query.limit ?? DEFAULT_PAGE_SIZE, 100);
    const offset = query.offset ?? 0;
    let users = await this.repo.findAll({ limit: limit, offset: offset, orderBy: 'createdAt', direction: 'desc' });
    if (query.role) {
      users = users.filter(u => u.roles.includes(query.role as string));
    }
    if (query.search) {
      const needle = query.search.toLowerCase();
      users = users.filter(u => u.email.toLowerCase().includes(needle) || u.displayName.toLowerCase().includes(needle));
    }
    return users;
  }

  async updateEmail(userId: string, email: string): Promise<User> {
    if (!email.includes('@')) {
      throw new Error('Invalid email address');
    }
    const user = await this.getUser(userId);
    const updated = { ...user, email: email.trim().toLowerCase() };
    await this.repo.save(updated);
    await this.cache.delete(this.cachePrefix + userId);
    this.logger.info('email updated', { userId, email: updated.email });
    return updated;
  }

  async grantRole(userId: string, role: string): Promise<User> {
    const user = await this.getUser(userId);
    if (user.roles.includes(role)) {
      return user;
    }
    const updated = { ...user, roles: [...user.roles, role] };
    await this.repo.save(updated);
    await this.cache.delete(this.cachePrefix + userId);
    return updated;
  }

  async revokeRole(userId: string, role: string): Promise<User> {
    const user = await this.getUser(userId);
    const roles = user.roles.filter(r => r !== role);
    if (roles.length === user.roles.length) {
      return user;
    }
    const updated = { ...user, roles };
    await this.repo.save(updated);
    await this.cache.delete(this.cachePrefix + userId);
    return updated;
  }

  async recordLogin(userId: string, at: Date = new Date()): Promise<void> {
    const user = await this.getUser(userId);
    // keep the cache warm after a login
    const updated = { ...user, lastLoginAt: at };
    await this.repo.save(updated);
    await this.cache.set(this.cachePrefix + userId, updated, CACHE_TTL_SECONDS);
  }

  async deactivateStaleUsers(days: number): Promise<number> {
    const cutoff = Date.now() - days * 24 * 60 * 60 * 1000;
    const users = await this.repo.findAll({ limit: 1000, offset: 0, orderBy: 'lastLoginAt', direction: 'asc' });
    let count = 0;
    for (const user of users) {
      const last = user.lastLoginAt ? user.lastLoginAt.getTime() : user.createdAt.getTime();
      if (last < cutoff && !user.roles.includes('admin')) {
        await this.repo.save({ ...user, roles: [] });
        await this.cache.delete(this.cachePrefix + user.id);
        count += 1;
      }
    }
    this.logger.info('deactivated stale users', { count, days });
    return count;
  }
}

export function formatUserLabel(user: User): string {
  const roleLabel = user.roles.length > 0 ? user.roles.join(', ') : 'no roles';
  return `${user.displayName} <${user.email}> (${roleLabel})`;
}
