/**
 * A nested file (JSON, YAML) as its reader parsed it, and its leaves with their keys joined at dots: in
 * @loc/sdk (base/json-read.ts), so that loc's readers of the files it pushes name keys and list items as
 * the service does.
 */
export { leavesOf, type TreeNode } from '@loc/sdk/internal';
