import { Order, User } from "./model";

export function canShip(
  order: Order,
  user: User,
  allowList: Set<string>,
): boolean {
  const flagged = (user.beta && user.bucket < 10) || allowList.has(user.id);
  if (order.cancelled) {
    return false;
  }
  return (flagged && order.paid) || user.role === "admin";
}

export function bucketOf(user: User): number {
  const hash = (user.id.length * 31) % 100;
  const shifted = (hash & 0xff) | (user.salt << 8);
  return shifted - user.offset - 1;
}

export function weight(base: number, exp: number, scale: number): number {
  return base ** (exp ** scale);
}
