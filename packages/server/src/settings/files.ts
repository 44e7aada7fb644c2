import type { Branding, FileInfo } from '@cloudportal/core';
import {
  BRANDING_FILE_KINDS,
  FILE_ID_PATTERN,
  FILE_UPLOAD_MAX_BYTES,
  FILE_UPLOAD_TYPES,
  isAllowedUploadType,
  isBrandingKind,
  unstorableText,
  type BrandingFileKind,
} from '@cloudportal/core/rules';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { principalOf, type ServerContext } from '../context';
import type { Database } from '../db/database';
import { ensureSettingsAdmin } from './admin';
import { answerText } from '../http/answers';
import { problem } from '../http/problem';
import { createFileUrlSigner, type FileUrlSigner } from './fileUrls';
import { brandingContentPath, DEFAULT_OWNER, PORTAL } from './paths';
import { svgProblems } from './svgCheck';

interface FileRow {
  id: string;
  kind: string;
  filename: string;
  content_type: string;
  size: number;
  uploaded_at: string | Date;
}

const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', pattern: FILE_ID_PATTERN } },
} as const;

/** Query of a content read: a signed address carries the owner, the expiry and the signature. */
interface SignedQuery {
  owner?: string;
  v?: string;
  exp?: string;
  sig?: string;
}
const signedQuery = {
  type: 'object',
  properties: {
    owner: { type: 'string', minLength: 1, maxLength: 64 },
    v: { type: 'string', maxLength: 20 },
    exp: { type: 'string', maxLength: 12 },
    sig: { type: 'string', maxLength: 64 },
  },
} as const;

/** `path?…&v=…&exp=…&sig=…`: the version changes the address when the file changes, so a cached copy is never stale. */
function signedPath(signer: FileUrlSigner, path: string, owner: string, id: string, uploadedAt: string | Date): string {
  const { exp, sig } = signer.sign(owner, id);
  const joiner = path.includes('?') ? '&' : '?';
  return `${path}${joiner}v=${new Date(uploadedAt).getTime()}&exp=${exp}&sig=${sig}`;
}

const filePath = (id: string, owner: string) => `${PORTAL}/api/files/${id}/content?owner=${encodeURIComponent(owner)}`;

const toInfo = (signer: FileUrlSigner, owner: string, r: FileRow): FileInfo => ({
  id: r.id,
  kind: isBrandingKind(r.kind) ? r.kind : 'file',
  filename: r.filename,
  contentType: r.content_type,
  size: Number(r.size),
  uploadedAt: new Date(r.uploaded_at).toISOString(),
  contentUrl: signedPath(signer, filePath(r.id, owner), owner, r.id, r.uploaded_at),
});

/**
 * The bytes must match the declared type, so a file named .png that is really HTML is refused.
 * SVG and text are checked for being text; SVG is also served sandboxed (see sendContent).
 */
function contentMatches(type: string, bytes: Buffer): boolean {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  switch (type) {
    case 'image/png':
      return starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);
    case 'image/jpeg':
      return starts(0xff, 0xd8, 0xff);
    case 'image/x-icon':
      return starts(0x00, 0x00, 0x01, 0x00);
    case 'application/pdf':
      return bytes.subarray(0, 5).toString('latin1') === '%PDF-';
    case 'image/svg+xml':
      return !bytes.includes(0) && /<svg[\s>]/i.test(bytes.toString('utf8'));
    case 'text/plain':
      return !bytes.includes(0);
    default:
      return false;
  }
}

/**
 * A stored file's bytes, with headers that keep a browser from running them as a page, whatever they
 * are: a type from the fixed upload list only, no sniffing, and a sandbox with no origin and nothing
 * to load when the file is opened on its own (an SVG's inline styles excepted: they cannot run).
 */
function sendContent(
  reply: FastifyReply,
  row: { content_type: string; filename: string; content: Uint8Array },
  signed: boolean,
) {
  const type = isAllowedUploadType(row.content_type) ? row.content_type : 'application/octet-stream';
  reply.header('X-Content-Type-Options', 'nosniff');
  // A signed address names the version, so it may be cached for the hour it is handed out for.
  reply.header('Cache-Control', signed ? 'private, max-age=3600' : 'private, no-cache');
  reply.header('Content-Disposition', `inline; filename="${row.filename.replace(/[^\w.-]/g, '_')}"`);
  reply.header(
    'Content-Security-Policy',
    `sandbox; default-src 'none'${type === 'image/svg+xml' ? "; style-src 'unsafe-inline'" : ''}`,
  );
  reply.header('Cross-Origin-Resource-Policy', 'same-site');
  return reply.type(type).send(Buffer.from(row.content));
}

/** Why an upload's bytes may not be stored, or null. */
function contentProblem(contentType: string, bytes: Buffer): string | null {
  if (!contentMatches(contentType, bytes)) return `The file's content is not ${contentType}.`;
  if (contentType !== 'image/svg+xml') return null;
  const problems = svgProblems(bytes.toString('utf8'));
  return problems.length
    ? `The SVG was refused because it carries ${problems.join('; ')}. Remove scripts, event handlers, foreignObject and links to other files, then upload it again.`
    : null;
}

async function uploadedAtOf(db: Database, owner: string, id: string): Promise<string | Date | undefined> {
  const { rows } = await db.query<{ uploaded_at: string | Date }>(
    'select uploaded_at from files where tenant_id = $1 and id = $2',
    [owner, id],
  );
  return rows[0]?.uploaded_at;
}

/** What the file routes share: the database, the context's guards and the address signer. */
interface FileDeps {
  ctx: ServerContext;
  db: Database;
  signer: FileUrlSigner;
  /** The guard of a content read whose file id `fileId` reads (see `signedOrUserGuard`). */
  signedOrUser(fileId: (request: FastifyRequest) => string): onRequestAsyncHookHandler;
}

/**
 * Owns a content read's guard: a signed address (from the branding answer or a file's `contentUrl`)
 * reads without a bearer token, so `<img src>` works; anything else needs the signed-in user. A
 * signature that fails is a 403. Runs on request, like the app's guards: a caller with neither gets
 * 401 before the query is validated.
 */
function signedOrUserGuard(ctx: ServerContext, signer: FileUrlSigner): FileDeps['signedOrUser'] {
  return (fileId) =>
    async function (this: unknown, request, reply) {
      const query = request.query as SignedQuery;
      if (query.sig === undefined) return ctx.requireUser.call(this as never, request, reply);
      const text = (v: unknown) => (typeof v === 'string' ? v : undefined);
      const owner = text(query.owner);
      if (!owner || !signer.verify(owner, fileId(request), text(query.exp), text(query.sig))) {
        return reply.code(403).send(problem('Forbidden', answerText(request)('server.file.expired')));
      }
    };
}

const fileNotFound = (request: FastifyRequest, reply: FastifyReply, id: string) =>
  reply.code(404).send(problem('Not Found', answerText(request)('server.file.notFound', { id })));

/**
 * Owns reading an upload's one part: its checked type and bytes, or null once the refusal is sent.
 * (Not the reply itself: a Fastify reply is a thenable, so an async function returning it would
 * resolve to what the reply resolves to, not to the reply.)
 */
async function readUpload(
  request: FastifyRequest,
  reply: FastifyReply,
  id: string,
): Promise<{ contentType: string; bytes: Buffer; filename: string } | null> {
  // An upload's format refusals (multipart, its field, its type and size) answer a caller's code: English.
  const refuse = (code: number, title: string, detail: string): null => {
    void reply.code(code).send(problem(title, detail));
    return null;
  };
  if (!request.isMultipart())
    return refuse(415, 'Unsupported Media Type', 'Send the file as multipart/form-data with a "file" field.');
  const part = await request.file();
  if (!part || part.fieldname !== 'file')
    return refuse(400, 'Bad Request', 'The multipart body must carry the file in a "file" field.');
  // A file name the database cannot store (NUL, half a surrogate pair) is refused, not passed on (issue 39 §7).
  const unstorable = unstorableText(part.filename ?? '');
  if (unstorable) {
    part.file.resume();
    const key = unstorable === 'nul' ? 'server.input.nul' : 'server.input.surrogate';
    return refuse(400, 'Bad Request', answerText(request)(key, { where: 'filename' }));
  }
  const contentType = part.mimetype.split(';')[0]!.trim().toLowerCase();
  if (!isAllowedUploadType(contentType)) {
    part.file.resume();
    return refuse(
      415,
      'Unsupported Media Type',
      `Files of type ${contentType || 'unknown'} cannot be uploaded. Allowed types: ${FILE_UPLOAD_TYPES.join(', ')}.`,
    );
  }
  let bytes: Buffer;
  try {
    bytes = await part.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      return refuse(
        413,
        'Payload Too Large',
        `The file is larger than the ${FILE_UPLOAD_MAX_BYTES / (1024 * 1024)} MiB upload limit.`,
      );
    throw error;
  }
  if (bytes.length === 0) return refuse(400, 'Bad Request', 'The file is empty.');
  const refused = contentProblem(contentType, bytes);
  if (refused) return refuse(415, 'Unsupported Media Type', refused);
  if (isBrandingKind(id) && !contentType.startsWith('image/'))
    return refuse(415, 'Unsupported Media Type', 'Branding files must be PNG, JPEG, SVG or ICO images.');
  return { contentType, bytes, filename: (part.filename || id).slice(0, 255) };
}

/** Owns `POST files/:id/upload`: a branding file needs the settings admin; the file is stored in the caller's tenant. */
function registerUploadRoute(app: FastifyInstance, { ctx, db, signer }: FileDeps) {
  app.post<{ Params: { id: string } }>(
    `${PORTAL}/api/files/:id/upload`,
    { preHandler: ctx.requireUser, schema: { params: idParams } },
    async (request, reply) => {
      const p = principalOf(request);
      const { id } = request.params;
      if (isBrandingKind(id) && !(await ensureSettingsAdmin(db, request, reply))) return reply;
      const upload = await readUpload(request, reply, id);
      if (!upload) return reply;
      const { contentType, bytes, filename } = upload;
      const { rows } = await db.query<FileRow>(
        `insert into files (tenant_id, id, kind, filename, content_type, size, content, uploaded_by) values ($1, $2, $3, $4, $5, $6, $7, $8)
       on conflict (tenant_id, id) do update set kind = excluded.kind, filename = excluded.filename, content_type = excluded.content_type,
         size = excluded.size, content = excluded.content, uploaded_by = excluded.uploaded_by, uploaded_at = now()
       returning id, kind, filename, content_type, size, uploaded_at`,
        [p.tenantId, id, isBrandingKind(id) ? id : 'file', filename, contentType, bytes.length, bytes, p.userId],
      );
      return reply.code(201).send(toInfo(signer, p.tenantId, rows[0]!));
    },
  );
}

/** Owns a file's metadata, content and delete routes, scoped to the caller's tenant (content also by signed address). */
function registerFileRoutes(app: FastifyInstance, { ctx, db, signer, signedOrUser }: FileDeps) {
  // The owner whose file a content read serves: the caller's tenant, or the owner a valid signature names.
  const contentOwner = (request: FastifyRequest) =>
    request.principal?.tenantId ?? (request.query as SignedQuery).owner!;

  app.get<{ Params: { id: string } }>(
    `${PORTAL}/api/files/:id`,
    { preHandler: ctx.requireUser, schema: { params: idParams } },
    async (request, reply) => {
      const { rows } = await db.query<FileRow>(
        'select id, kind, filename, content_type, size, uploaded_at from files where tenant_id = $1 and id = $2',
        [principalOf(request).tenantId, request.params.id],
      );
      const { tenantId } = principalOf(request);
      return rows[0] ? toInfo(signer, tenantId, rows[0]) : fileNotFound(request, reply, request.params.id);
    },
  );

  app.get<{ Params: { id: string }; Querystring: SignedQuery }>(
    `${PORTAL}/api/files/:id/content`,
    {
      onRequest: signedOrUser((r) => (r.params as { id: string }).id),
      schema: { params: idParams, querystring: signedQuery },
    },
    async (request, reply) => {
      const { rows } = await db.query<{ content_type: string; filename: string; content: Uint8Array }>(
        'select content_type, filename, content from files where tenant_id = $1 and id = $2',
        [contentOwner(request), request.params.id],
      );
      return rows[0]
        ? sendContent(reply, rows[0], !request.principal)
        : fileNotFound(request, reply, request.params.id);
    },
  );

  app.delete<{ Params: { id: string } }>(
    `${PORTAL}/api/files/:id`,
    { preHandler: ctx.requireUser, schema: { params: idParams } },
    async (request, reply) => {
      const { id } = request.params;
      if (isBrandingKind(id) && !(await ensureSettingsAdmin(db, request, reply))) return reply;
      const { rows } = await db.query('delete from files where tenant_id = $1 and id = $2 returning id', [
        principalOf(request).tenantId,
        id,
      ]);
      return rows.length ? reply.code(204).send() : fileNotFound(request, reply, id);
    },
  );
}

/** Owns spec §3 "Branding": the branding answer and the branding files' content (the server's defaults public). */
function registerBrandingRoutes(app: FastifyInstance, { ctx, db, signer, signedOrUser }: FileDeps) {
  // Spec §3 "Branding": the tenant's own files when it has them, else the server's defaults.
  app.get(`${PORTAL}/api/branding`, { preHandler: ctx.requireUser }, async (request) => {
    const { tenantId } = principalOf(request);
    const { rows } = await db.query<{ settings: Record<string, unknown> }>(
      'select settings from tenants where id = $1',
      [tenantId],
    );
    const settings = rows[0]?.settings ?? {};
    // The tenant's own file by a signed address; else the server's default, which is public.
    const url = async (kind: BrandingFileKind) => {
      const uploadedAt = await uploadedAtOf(db, tenantId, kind);
      return uploadedAt
        ? signedPath(signer, brandingContentPath(kind, tenantId), tenantId, kind, uploadedAt)
        : brandingContentPath(kind, DEFAULT_OWNER);
    };
    const branding: Branding = {
      branded: settings.branded === true,
      brandedBy: typeof settings.brandedBy === 'string' ? settings.brandedBy : null,
      logoUrl: await url('branding-logo'),
      logoShortUrl: await url('branding-logo-short'),
      iconUrl: await url('branding-icon'),
    };
    return branding;
  });

  // The server's defaults are public (they are the product's own images); a tenant's files need its
  // user or a signature issued to one.
  const brandingAccess = signedOrUser((r) => (r.params as { kind: string }).kind);
  app.get<{ Params: { kind: BrandingFileKind }; Querystring: SignedQuery & { owner: string } }>(
    `${PORTAL}/api/branding/:kind/content`,
    {
      onRequest: async function (this: unknown, request, reply) {
        if ((request.query as SignedQuery).owner === DEFAULT_OWNER) return;
        return brandingAccess.call(this as never, request, reply);
      },
      schema: {
        params: {
          type: 'object',
          required: ['kind'],
          properties: { kind: { type: 'string', enum: [...BRANDING_FILE_KINDS] } },
        },
        querystring: { ...signedQuery, required: ['owner'] },
      },
    },
    async (request, reply) => {
      const { kind } = request.params;
      const { owner } = request.query;
      const tenantId = request.principal?.tenantId;
      if (tenantId && owner !== tenantId && owner !== DEFAULT_OWNER) {
        return reply.code(403).send(problem('Forbidden', answerText(request)('server.branding.otherTenant')));
      }
      const { rows } = await db.query<{ content_type: string; filename: string; content: Uint8Array }>(
        'select content_type, filename, content from files where tenant_id = $1 and id = $2',
        [owner, kind],
      );
      return rows[0]
        ? sendContent(reply, rows[0], !tenantId)
        : reply.code(404).send(problem('Not Found', answerText(request)('server.branding.notFound', { kind })));
    },
  );
}

/** Files (upload, metadata, content, delete) and branding (spec §7), all scoped to the caller's tenant. */
export async function fileRoutes(app: FastifyInstance, ctx: ServerContext) {
  const signer = createFileUrlSigner(ctx.keys.appTokenSecret);
  const deps: FileDeps = { ctx, db: ctx.db, signer, signedOrUser: signedOrUserGuard(ctx, signer) };
  // Multipart only here, in this plugin's scope; one file, 2 MiB (limits are checked again below).
  await app.register(fastifyMultipart, { limits: { fileSize: FILE_UPLOAD_MAX_BYTES, files: 1, fields: 0, parts: 1 } });
  registerUploadRoute(app, deps);
  registerFileRoutes(app, deps);
  registerBrandingRoutes(app, deps);
}
