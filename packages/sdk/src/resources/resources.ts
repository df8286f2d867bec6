// Resource files: list a project's files, upload one (or a ZIP of them) to import its strings, download one
// in one locale. Each method hands its operation (src/schemas/operations.ts) and inputs to the one request function.
import { apiPromise, type APIPromise } from '../request/api-promise';
import type { RequestOptions } from '../request/request-options';
import { InvalidRequestError } from '../base/errors';
import { type EncodedForm, encodeForm } from '../base/multipart';
import type { Transport } from '../request/request';
import { downloadResource, listResources, uploadResource, uploadResourceZip } from '../schemas/operations';
import type {
  ImportSwitch,
  LocaleInFileName,
  ResourceImport,
  ResourceList,
  ResourceStatusFilter,
  ResourceZipImport,
} from '../schemas/resources';
import type { CustomId } from '../base/custom-id';

/** What an import may change, for the files of one side (the source locale's, or the translations). */
export interface ImportSwitches {
  /** Create what the project lacks: segments (source), translations of keys with none (target). */
  createNew?: boolean | undefined;
  /** Change what differs: source texts (their translations then need review), translations. */
  updateExisting?: boolean | undefined;
  /** Deactivate what the file lacks: segments (source), translations (target). */
  deactivateMissing?: boolean | undefined;
}

/** The switches of an upload, for a file of the source locale and for a translation; unset ones are the service's defaults. */
export interface ImportOptions {
  source?: ImportSwitches | undefined;
  target?: ImportSwitches | undefined;
}

/**
 * A file to upload: a `File` (its name is used; `fileFromPath()` of `@loc/sdk/node` opens one from disk
 * and streams it), a `Blob`, bytes or text, with its `name` where it has none.
 */
export type UploadFile = Blob | Uint8Array | ArrayBuffer | string;

/** One resource file to upload and import (`resources.upload()`). */
export interface UploadResource extends ImportOptions {
  file: UploadFile;
  /** The file's name as the service matches it (`common.json`); default: the `File`'s own name. */
  name?: string | undefined;
  /** Its folder in the repository (`config/locales`): tells apart two files of one name. */
  path?: string | undefined;
  /** Its locale (`iso2_slug`: `de`, `pt-BR`); without it, the service reads it from the name and path. */
  locale?: string | undefined;
}

/** A ZIP of resource files under their repository paths to upload and import (`resources.uploadZip()`). */
export interface UploadResourceZip extends ImportOptions {
  file: UploadFile;
  /** The ZIP's name; default: the `File`'s own name, else `resources.zip`. */
  name?: string | undefined;
}

/** Which files `resources.list()` lists, and how. */
export interface ListResourcesOptions extends RequestOptions {
  /** Every locale's files (`ALL`, the default), the target locales' (`TARGETS`), or the source files (`NONE`). */
  localeInFileName?: LocaleInFileName | CustomId | undefined;
  /** Whether each file's self link names its locale (default: the service's). */
  addIso2Slug?: boolean | undefined;
}

/** One file in one locale to download (`resources.download()`). */
export interface DownloadResource {
  /** The file's name, as `resources.list()` lists it. */
  name: string;
  /** Its folder (a list entry's `path`): tells apart two files of one name. */
  path?: string | undefined;
  /** Its locale (a list entry's `projectLocale`); without it, the service reads it from the name. */
  locale?: string | undefined;
  /**
   * Which translations the file holds: every translated one (`ALL`, the default, what an export holds),
   * `TRANSLATED_AND_APPROVED`, or `APPROVED` (only what a reviewer approved). A key whose translation the
   * filter leaves out is not in the file.
   */
  status?: ResourceStatusFilter | CustomId | undefined;
}

/** Resource files: list them, upload one to import its strings, download one in one locale. */
export class Resources {
  constructor(private readonly transport: Transport) {}

  /**
   * The project's resource files, one entry per file and locale: its `name`, `projectLocale`, `path` and
   * `links` (the self link downloads it). Needs resourcesView on the project.
   *
   * @example
   * const { members } = await loc.resources.list('acme', 'web-frontend');
   * for (const f of members) console.log(f.projectLocale, f.path, f.name);
   */
  list(workspaceUrl: string, projectUrl: string, options: ListResourcesOptions = {}): APIPromise<ResourceList> {
    const query = {
      localeInFileName: options.localeInFileName,
      addIso2Slug: options.addIso2Slug === undefined ? undefined : String(options.addIso2Slug),
    };
    return this.transport.request(listResources, { params: { workspaceUrl, projectUrl }, query }, options);
  }

  /**
   * Uploads one resource file and imports its strings as the switches allow: new keys become segments
   * (NOT_TRANSLATED in every target), changed source texts are updated, keys the file lacks are deactivated
   * only with `deactivateMissing`. Sent as `multipart/form-data` (the file as the part `file`), streamed from
   * a Blob, or encoded by the SDK from bytes or text; never retried, since a repeat would import twice. Needs resourcesView on the project. Resolves to
   * what the import did, or null when the service answered without a body.
   *
   * @example
   * const result = await loc.resources.upload('acme', 'web-frontend', {
   *   file: JSON.stringify({ 'nav.home': 'Home' }), name: 'common.json', path: 'locales/en', locale: 'en',
   *   source: { createNew: true, updateExisting: true, deactivateMissing: false },
   * });
   * console.log(result?.segments);
   */
  upload(
    workspaceUrl: string,
    projectUrl: string,
    upload: UploadResource,
    options?: RequestOptions,
  ): APIPromise<ResourceImport | null> {
    return sendForm(
      () =>
        // The fields in the order of the service's own example (`-F iso2_slug=en -F path=… -F file=@…`).
        formOf(
          [
            ...(upload.locale !== undefined ? [['iso2_slug', upload.locale] as const] : []),
            ...(upload.path !== undefined ? [['path', upload.path] as const] : []),
            ...switchFields(upload),
          ],
          upload.file,
          nameOf(upload.file, upload.name),
          'application/octet-stream',
        ),
      (form) => this.transport.request(uploadResource, { params: { workspaceUrl, projectUrl }, form }, options),
    );
  }

  /**
   * Uploads a ZIP of resource files under their repository paths and imports each, as `upload` does one
   * (each file's locale from its path). Never retried. Needs resourcesView on the project.
   *
   * @example
   * import { fileFromPath } from '@loc/sdk/node';
   * const { members } = (await loc.resources.uploadZip('acme', 'web-frontend', { file: await fileFromPath('strings.zip') })) ?? {};
   */
  uploadZip(
    workspaceUrl: string,
    projectUrl: string,
    upload: UploadResourceZip,
    options?: RequestOptions,
  ): APIPromise<ResourceZipImport | null> {
    return sendForm(
      () =>
        formOf(switchFields(upload), upload.file, nameOf(upload.file, upload.name, 'resources.zip'), 'application/zip'),
      (form) => this.transport.request(uploadResourceZip, { params: { workspaceUrl, projectUrl }, form }, options),
    );
  }

  /**
   * One resource file's text in one locale, in the project's format: with `status: 'APPROVED'` only the
   * translations a reviewer approved (what an export cannot give). Needs resourcesView on the project.
   *
   * @example
   * const text = await loc.resources.download('acme', 'web-frontend', {
   *   name: 'common.json', path: 'locales/de', locale: 'de', status: 'APPROVED',
   * });
   */
  download(
    workspaceUrl: string,
    projectUrl: string,
    file: DownloadResource,
    options?: RequestOptions,
  ): APIPromise<string> {
    const query = { path: file.path, iso2_slug: file.locale, 'target:filterByStatus': file.status };
    return this.transport.request(
      downloadResource,
      { params: { workspaceUrl, projectUrl, fileName: file.name }, query },
      options,
    );
  }
}

/** A form request: the form's faults (a file of another type, a name with a folder in it) reject the call, as a bad path segment does. */
function sendForm<T>(
  build: () => FormData | EncodedForm,
  send: (form: FormData | EncodedForm) => APIPromise<T>,
): APIPromise<T> {
  let form: FormData | EncodedForm;
  try {
    form = build();
  } catch (error) {
    return apiPromise(Promise.reject(error));
  }
  return send(form);
}

/** The switches an upload sets, as form fields (`source:createNew` …), in the order the service lists them. */
function switchFields({ source, target }: ImportOptions): (readonly [ImportSwitch, string])[] {
  const sides = { source, target };
  const fields: (readonly [ImportSwitch, string])[] = [];
  for (const side of ['source', 'target'] as const) {
    for (const what of ['createNew', 'updateExisting', 'deactivateMissing'] as const) {
      const value = sides[side]?.[what];
      if (value !== undefined) fields.push([`${side}:${what}` satisfies ImportSwitch, String(value)]);
    }
  }
  return fields;
}

/**
 * The form of an upload: `fields`, then the file as the part `file`. A Blob (a File from disk) goes in a
 * FormData, which fetch streams; bytes and text are encoded here (base/multipart.ts), so that an upload
 * from memory does not load Node's fetch implementation for a FormData.
 */
function formOf(
  fields: readonly (readonly [string, string])[],
  file: UploadFile,
  filename: string,
  type: string,
): FormData | EncodedForm {
  if (file instanceof Blob) {
    const form = new FormData();
    for (const [name, value] of fields) form.append(name, value);
    form.append('file', file, filename);
    return form;
  }
  const bytes =
    typeof file === 'string'
      ? new TextEncoder().encode(file)
      : file instanceof Uint8Array
        ? file
        : file instanceof ArrayBuffer
          ? new Uint8Array(file)
          : undefined;
  if (!bytes)
    throw new InvalidRequestError('The file to upload must be a File, a Blob, bytes (Uint8Array) or a string.');
  return encodeForm(fields, { field: 'file', filename, type, bytes });
}

/** The name the file part carries: the one given, the File's own, or `defaultName`. */
function nameOf(file: UploadFile, name: string | undefined, defaultName?: string): string {
  const own = name ?? (typeof File !== 'undefined' && file instanceof File && file.name ? file.name : defaultName);
  if (own === undefined)
    throw new InvalidRequestError('No name for the file to upload: pass `name` (`common.json`), or a File.');
  if (own === '' || /[/\\]/.test(own))
    throw new InvalidRequestError(
      `Invalid file name ${JSON.stringify(own)}: give the name alone (\`common.json\`) and its folder as \`path\`.`,
    );
  return own;
}
