import express from 'express';
import { randomUUID } from 'crypto';

const router = express.Router();
const projects = new Map();

const MAX_NAME_LENGTH = 80;
const VALID_STATES = ['draft', 'active', 'archived'];

function sendError(res, status, message, details) {
  res.status(status).json({ error: { status: status, message: message, details: details || null } });
}

function requireJson(req, res, next) {
  if (!req.is('application/json')) {
    return sendError(res, 415, 'Expected application/json');
  }
  next();
}

function validateProject(body) {
  const problems = [];
  if (typeof body.name !== 'string' || body.name.trim().length === 0) {
    problems.push('name is required');
  } else if (body.name.length > MAX_NAME_LENGTH) {
    problems.push('name is too long');
  }
  if (body.state && !VALID_STATES.includes(body.state)) {
    problems.push('state must be one of ' + VALID_STATES.join(', '));
  }
  return problems;
}

router.get('/projects', (req, res) => {
  const state = req.query.state;
  const limit = Number(req.query.limit) || 50;
  let list = Array.from(projects.values());
  if (state) {
    list = list.filter(p => p.state === state);
  }
  list.sort((a, b) => b.updatedAt - a.updatedAt);
  res.json({ total: list.length, items: list.slice(0, limit) });
});

router.get('/projects/:id', (req, res) => {
  const project = projects.get(req.params.id);
  if (!project) {
    return sendError(res, 404, 'Project not found');
  }
  res.json(project);
});

router.post('/projects', requireJson, (req, res) => {
  const problems = validateProject(req.body);
  if (problems.length > 0) {
    return sendError(res, 422, 'Invalid project', problems);
  }
  const now = Date.now();
  const project = { id: randomUUID(), name: req.body.name.trim(), state: req.body.state || 'draft', owner: req.user ? req.user.id : null, createdAt: now, updatedAt: now };
  projects.set(project.id, project);
  res.status(201).json(project);
});

router.patch('/projects/:id', requireJson, (req, res) => {
  const project = projects.get(req.params.id);
  if (!project) {
    return sendError(res, 404, 'Project not found');
  }
  const merged = Object.assign({}, project, req.body, { id: project.id });
  const problems = validateProject(merged);
  if (problems.length > 0) {
    return sendError(res, 422, 'Invalid project', problems);
  }
  merged.updatedAt = Date.now();
  projects.set(project.id, merged);
  res.json(merged);
});

router.delete('/projects/:id', (req, res) => {
  if (!projects.has(req.params.id)) {
    return sendError(res, 404, 'Project not found');
  }
  projects.delete(req.params.id);
  res.status(204).end();
});

router.post('/projects/:id/archive', (req, res) => {
  const project = projects.get(req.params.id);
  if (!project) {
    return sendError(res, 404, 'Project not found');
  }
  if (project.state === 'archived') {
    return sendError(res, 409, 'Project is already archived');
  }
  project.state = 'archived';
  project.updatedAt = Date.now();
  res.json(project);
});

export function errorHandler(err, req, res, next) {
  console.error('unhandled error', err);
  if (res.headersSent) {
    return next(err);
  }
  sendError(res, 500, 'Internal server error');
}

export default router;
