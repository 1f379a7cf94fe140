import type { Request, Response, NextFunction } from "express";
import { UserRepository } from "./user-repository";
import { HttpError } from "./errors";

export function makeUserHandlers(repo: UserRepository) {
  async function getUser(req: Request, res: Response, next: NextFunction) {
    try {
      const id = Number(req.params.id);
      if (!Number.isInteger(id) || id <= 0) {
        throw new HttpError(400, "invalid user id");
      }
      const user = await repo.findById(id);
      if (!user) {
        throw new HttpError(404, "user not found");
      }
      res.json(user);
    } catch (err) {
      next(err);
    }
  }

  async function listUsers(req: Request, res: Response, next: NextFunction) {
    try {
      const page = Number(req.query.page ?? 1);
      const limit = Math.min(Number(req.query.limit ?? 20), 100);
      const users = await repo.list({ offset: (page - 1) * limit, limit });
      res.json({ page, limit, users });
    } catch (err) {
      next(err);
    }
  }

  return { getUser, listUsers };
}
