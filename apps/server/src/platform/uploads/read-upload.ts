import type { FastifyRequest } from 'fastify';
import { badRequest, HttpError } from '../errors.ts';

export type UploadedFile = { fileName: string | undefined; bytes: Buffer };

export const unreadableUpload =
  'The upload could not be read. Send the file as multipart/form-data in the field "file".';

// The one file of a multipart upload, read whole. Over the scope's fileSize limit it is the
// 413 `tooLarge` says; a body busboy cannot parse (a cut or malformed multipart) is the
// client's error, not a 500.
export async function readUploadedFile(
  request: FastifyRequest,
  messages: { missing: string; tooLarge: string },
): Promise<UploadedFile> {
  try {
    const file = await request.file();
    if (!file) throw badRequest(messages.missing);
    return { fileName: file.filename, bytes: await file.toBuffer() };
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, messages.tooLarge);
    // @fastify/multipart's own refusals carry a status the error handler words.
    if ((error as { statusCode?: number }).statusCode) throw error;
    throw badRequest(unreadableUpload);
  }
}
