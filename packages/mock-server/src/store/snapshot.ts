import { localesOf } from './project-files';
import type { State } from './state';

/** The state as the control API shows it: projects, exports, releases and budgets. */
export function snapshotOf(state: State) {
  return {
    workspaces: state.seed.workspaces.map((w) => ({ slug: w.slug, id: w.id, name: w.name })),
    projects: state.projects.map((p) => ({
      workspace: p.workspace,
      slug: p.slug,
      id: p.id,
      title: p.title,
      resourceType: p.resourceType,
      locales: localesOf(p),
      files: p.files.map((f) => f.path),
    })),
    exports: [...state.jobs.values()].map((j) => ({
      id: j.id,
      workspace: j.workspace,
      project: j.project,
      status: j.result?.status ?? 'PROCESSING',
      createdAt: new Date(j.createdAt).toISOString(),
    })),
    releases: state.seed.distributions.flatMap((d) =>
      d.releases.map((r) => ({
        id: r.id,
        name: r.name,
        workspace: d.workspace,
        environment: d.environment,
        type: d.type,
        createdAt: r.createdAt,
      })),
    ),
    budgets: state.seed.workspaces.map((w) => ({
      workspace: w.slug,
      budget: w.cdnBudget,
      used: state.cdnUsage.get(w.slug)?.used ?? 0,
      periodSeconds: w.cdnBudgetPeriodSeconds,
    })),
    pendingExportErrors: state.forcedExportErrors.length,
  };
}
