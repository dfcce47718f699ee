import type { FastifyRequest } from 'fastify';
import type { Viewer as SessionViewer } from '../../plugins/auth';

/**
 * Who asks. Services take it so that access rules live in one place: visitors (null) and parents see only
 * published places and courses and no participant identities; admins also see unpublished ones.
 */
export type Viewer = SessionViewer;

export const seesUnpublished = (viewer: Viewer | undefined): boolean => !!viewer?.isAdmin;

/** The caller as the auth plugin identified it (null for a visitor). */
export const viewerFrom = (request: FastifyRequest): Viewer => request.user ?? null;

/**
 * Whether the viewer gets the public answer (the same for every visitor and parent), which may come from the
 * public cache. Admins and instructors get answers of their own.
 */
export const seesPublicView = (viewer: Viewer | undefined): boolean => !viewer || (!viewer.isAdmin && !viewer.isInstructor);
