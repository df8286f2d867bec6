import type { Role } from '../seed/schema';
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
