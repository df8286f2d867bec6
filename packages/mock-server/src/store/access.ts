import type { Role } from '../seed/schema';
import type { StoreContext } from './state';
import { StoreError } from './store-error';
import type { Permission, User } from './types';

/** What each workspace role grants on the workspace and all its projects. */
export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  admin: ['generalView', 'resourcesView', 'settingsManage'],
  developer: ['generalView', 'resourcesView'],
  viewer: ['generalView'],
};

/** What a collaborator on a single project may do there. */
export const COLLABORATOR_PERMISSIONS: readonly Permission[] = ['generalView', 'resourcesView'];

/** Whether `user` holds `permission` on the workspace, or on one of its projects when `project` is given. */
export function can(user: User, permission: Permission, workspace: string, project?: string): boolean {
  const role = user.workspaceRoles[workspace];
  if (role && ROLE_PERMISSIONS[role].includes(permission)) return true;
  return (
    project !== undefined &&
    user.projects.includes(`${workspace}/${project}`) &&
    COLLABORATOR_PERMISSIONS.includes(permission)
  );
}

/** The store's calls on who is asking and what they may do (see createStore). */
export function createAccess(ctx: StoreContext) {
  return {
    /** The user a Bearer token belongs to; throws 'unauthorized' otherwise. */
    authenticate(token: string | undefined): User {
      const user = token ? ctx.state.users.get(token) : undefined;
      if (!user) {
        throw new StoreError(
          'unauthorized',
          token
            ? 'The API token is invalid or was revoked.'
            : 'No API token. Send it as "Authorization: Bearer <token>".',
        );
      }
      return user;
    },

    /** Throws 'forbidden', naming the permission and where, unless `can(...)`. */
    require(user: User, permission: Permission, ws: string, projectSlug?: string) {
      if (!can(user, permission, ws, projectSlug)) {
        const where = projectSlug ? `project '${ws}/${projectSlug}'` : `workspace '${ws}'`;
        throw new StoreError(
          'forbidden',
          `Missing permission ${permission} on ${where}. Ask a workspace admin for access.`,
        );
      }
    },
  };
}
