import type { Branding, FileInfo } from '@cloudportal/core';
import {
  BRANDING_FILE_KINDS,
  FILE_ID_PATTERN,
  FILE_UPLOAD_MAX_BYTES,
  FILE_UPLOAD_TYPES,
  isAllowedUploadType,
  isBrandingKind,
  type BrandingFileKind,
} from '@cloudportal/core/rules';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { principalOf, type ServerContext } from '../context';
import type { Database } from '../db/database';
import { ensureSettingsAdmin, problem } from './admin';
import { brandingContentPath, DEFAULT_OWNER, PORTAL } from './paths';

interface FileRow {
  id: string;
  kind: string;
  filename: string;
  content_type: string;
  size: number;
  uploaded_at: string | Date;
}

const idParams = { type: 'object', required: ['id'], properties: { id: { type: 'string', pattern: FILE_ID_PATTERN } } } as const;

const toInfo = (r: FileRow): FileInfo => ({
  id: r.id,
  kind: isBrandingKind(r.kind) ? r.kind : 'file',
  filename: r.filename,
  contentType: r.content_type,
  size: Number(r.size),
  uploadedAt: new Date(r.uploaded_at).toISOString(),
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

/** A stored file's bytes, with headers that keep a browser from running them as a page. */
function sendContent(reply: FastifyReply, row: { content_type: string; filename: string; content: Uint8Array }) {
  reply.header('X-Content-Type-Options', 'nosniff');
  reply.header('Cache-Control', 'private, no-cache');
  reply.header('Content-Disposition', `inline; filename="${row.filename.replace(/[^\w.-]/g, '_')}"`);
  // An SVG may carry script: opened directly it runs in a sandbox with no origin.
  if (row.content_type === 'image/svg+xml') reply.header('Content-Security-Policy', "sandbox; default-src 'none'; style-src 'unsafe-inline'");
  return reply.type(row.content_type).send(Buffer.from(row.content));
}

async function hasFile(db: Database, owner: string, id: string): Promise<boolean> {
  const { rows } = await db.query('select 1 from files where tenant_id = $1 and id = $2', [owner, id]);
  return rows.length > 0;
}

/** Files (upload, metadata, content, delete) and branding (spec §7), all scoped to the caller's tenant. */
export async function fileRoutes(app: FastifyInstance, ctx: ServerContext) {
  const { db } = ctx;
  // Multipart only here, in this plugin's scope; one file, 2 MiB (limits are checked again below).
  await app.register(fastifyMultipart, { limits: { fileSize: FILE_UPLOAD_MAX_BYTES, files: 1, fields: 0, parts: 1 } });

  app.post<{ Params: { id: string } }>(`${PORTAL}/api/files/:id/upload`, { preHandler: ctx.requireUser, schema: { params: idParams } }, async (request, reply) => {
    const p = principalOf(request);
    const { id } = request.params;
    if (isBrandingKind(id) && !(await ensureSettingsAdmin(db, request, reply))) return reply;
    if (!request.isMultipart()) return reply.code(415).send(problem('Unsupported Media Type', 'Send the file as multipart/form-data with a "file" field.'));
    const part = await request.file();
    if (!part || part.fieldname !== 'file') return reply.code(400).send(problem('Bad Request', 'The multipart body must carry the file in a "file" field.'));
    const contentType = part.mimetype.split(';')[0]!.trim().toLowerCase();
    if (!isAllowedUploadType(contentType)) {
      part.file.resume();
      return reply.code(415).send(problem('Unsupported Media Type', `Files of type ${contentType || 'unknown'} cannot be uploaded. Allowed types: ${FILE_UPLOAD_TYPES.join(', ')}.`));
    }
    let bytes: Buffer;
    try {
      bytes = await part.toBuffer();
    } catch (error) {
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
        return reply.code(413).send(problem('Payload Too Large', `The file is larger than the ${FILE_UPLOAD_MAX_BYTES / (1024 * 1024)} MiB upload limit.`));
      }
      throw error;
    }
    if (bytes.length === 0) return reply.code(400).send(problem('Bad Request', 'The file is empty.'));
    if (!contentMatches(contentType, bytes)) return reply.code(415).send(problem('Unsupported Media Type', `The file's content is not ${contentType}.`));
    if (isBrandingKind(id) && !contentType.startsWith('image/')) {
      return reply.code(415).send(problem('Unsupported Media Type', 'Branding files must be PNG, JPEG, SVG or ICO images.'));
    }
    const filename = (part.filename || id).slice(0, 255);
    const { rows } = await db.query<FileRow>(
      `insert into files (tenant_id, id, kind, filename, content_type, size, content, uploaded_by) values ($1, $2, $3, $4, $5, $6, $7, $8)
       on conflict (tenant_id, id) do update set kind = excluded.kind, filename = excluded.filename, content_type = excluded.content_type,
         size = excluded.size, content = excluded.content, uploaded_by = excluded.uploaded_by, uploaded_at = now()
       returning id, kind, filename, content_type, size, uploaded_at`,
      [p.tenantId, id, isBrandingKind(id) ? id : 'file', filename, contentType, bytes.length, bytes, p.userId],
    );
    return reply.code(201).send(toInfo(rows[0]!));
  });

  const notFound = (reply: FastifyReply, id: string) => reply.code(404).send(problem('Not Found', `No file "${id}" exists for your tenant.`));

  app.get<{ Params: { id: string } }>(`${PORTAL}/api/files/:id`, { preHandler: ctx.requireUser, schema: { params: idParams } }, async (request, reply) => {
    const { rows } = await db.query<FileRow>('select id, kind, filename, content_type, size, uploaded_at from files where tenant_id = $1 and id = $2', [
      principalOf(request).tenantId,
      request.params.id,
    ]);
    return rows[0] ? toInfo(rows[0]) : notFound(reply, request.params.id);
  });

  app.get<{ Params: { id: string } }>(`${PORTAL}/api/files/:id/content`, { preHandler: ctx.requireUser, schema: { params: idParams } }, async (request, reply) => {
    const { rows } = await db.query<{ content_type: string; filename: string; content: Uint8Array }>(
      'select content_type, filename, content from files where tenant_id = $1 and id = $2',
      [principalOf(request).tenantId, request.params.id],
    );
    return rows[0] ? sendContent(reply, rows[0]) : notFound(reply, request.params.id);
  });

  app.delete<{ Params: { id: string } }>(`${PORTAL}/api/files/:id`, { preHandler: ctx.requireUser, schema: { params: idParams } }, async (request, reply) => {
    const { id } = request.params;
    if (isBrandingKind(id) && !(await ensureSettingsAdmin(db, request, reply))) return reply;
    const { rows } = await db.query('delete from files where tenant_id = $1 and id = $2 returning id', [principalOf(request).tenantId, id]);
    return rows.length ? reply.code(204).send() : notFound(reply, id);
  });

  // Spec §3 "Branding": the tenant's own files when it has them, else the server's defaults.
  app.get(`${PORTAL}/api/branding`, { preHandler: ctx.requireUser }, async (request) => {
    const { tenantId } = principalOf(request);
    const { rows } = await db.query<{ settings: Record<string, unknown> }>('select settings from tenants where id = $1', [tenantId]);
    const settings = rows[0]?.settings ?? {};
    const url = async (kind: BrandingFileKind) => brandingContentPath(kind, (await hasFile(db, tenantId, kind)) ? tenantId : DEFAULT_OWNER);
    const branding: Branding = {
      branded: settings.branded === true,
      brandedBy: typeof settings.brandedBy === 'string' ? settings.brandedBy : null,
      logoUrl: await url('branding-logo'),
      logoShortUrl: await url('branding-logo-short'),
      iconUrl: await url('branding-icon'),
    };
    return branding;
  });

  app.get<{ Params: { kind: BrandingFileKind }; Querystring: { owner: string } }>(
    `${PORTAL}/api/branding/:kind/content`,
    {
      preHandler: ctx.requireUser,
      schema: {
        params: { type: 'object', required: ['kind'], properties: { kind: { type: 'string', enum: [...BRANDING_FILE_KINDS] } } },
        querystring: { type: 'object', required: ['owner'], properties: { owner: { type: 'string', minLength: 1, maxLength: 64 } } },
      },
    },
    async (request, reply) => {
      const { tenantId } = principalOf(request);
      const { kind } = request.params;
      const { owner } = request.query;
      if (owner !== tenantId && owner !== DEFAULT_OWNER) {
        return reply.code(403).send(problem('Forbidden', "Branding files may only be read for your own tenant or the server's defaults."));
      }
      const { rows } = await db.query<{ content_type: string; filename: string; content: Uint8Array }>(
        'select content_type, filename, content from files where tenant_id = $1 and id = $2',
        [owner, kind],
      );
      return rows[0] ? sendContent(reply, rows[0]) : reply.code(404).send(problem('Not Found', `No ${kind} file exists for this owner.`));
    },
  );
}
