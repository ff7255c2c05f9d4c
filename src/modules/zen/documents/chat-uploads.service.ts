import { readFile } from 'node:fs/promises';
import { Injectable } from '@nestjs/common';
import type { Principal } from '../../../common/auth/principal.js';
import { AppException, notFound } from '../../../common/errors/app.exception.js';
import { DocumentsService, displayFileName, PipelineService, ResultsService, STAGES, type ReceivedFile, RegisterAttachment } from '../../nexus/index.js';
import { buildLines, PdfEngine, pdfHttpError } from '../../pdf/index.js';
import { ChatDocumentsRepository } from './chat-documents.repository.js';
import type { ChatDocumentStatus, ChatDocumentStatusDto, ChatUploadDto, ChatUploadResultDto, NexusProgressDto } from './dto/chat-document.dto.js';
import { chunkLines, type TextChunk } from './text-chunker.js';

const NOT_STARTED: NexusProgressDto = { current_stage: STAGES[0], stages_completed: 0, total_stages: STAGES.length, status: 'pending', progress_pct: 0 };

/**
 * Documents uploaded into a chat session: stored through the nexus upload, their text indexed for
 * retrieval, then processed by the nexus pipeline for their structured extraction.
 */
@Injectable()
export class ChatUploadsService {
  constructor(
    private readonly repo: ChatDocumentsRepository,
    private readonly documents: DocumentsService,
    private readonly pipeline: PipelineService,
    private readonly results: ResultsService,
    private readonly pdf: PdfEngine,
    private readonly attachment: RegisterAttachment,
  ) {}

  /**
   * Everything that can refuse the upload (the session, the file, the quotas, its password) is
   * checked before anything is stored, so a refused upload leaves nothing behind.
   */
  async upload(user: Principal, file: (Express.Multer.File & ReceivedFile) | undefined, form: ChatUploadDto): Promise<ChatUploadResultDto> {
    if (!file) throw new AppException('VALIDATION_ERROR', 'file is required (multipart/form-data field "file")');
    const session = await this.repo.findOwnSession(user.tenantId, user.userId, form.session_id);
    if (!session) throw notFound('Chat session');
    if (session.status === 'closed') throw new AppException('CONFLICT', 'The chat session is closed: documents can only be added to an open session');
    // The nexus upload checks the file's content, then admits it under the quotas; the text is read after that, before anything is stored.
    let chunks: TextChunk[] = [];
    // A chat upload is its owner's alone: not linked to the client register until attached (`attach`).
    const uploaded = await this.documents.upload(
      user,
      file,
      async () => {
        chunks = await this.readChunks(user.tenantId, file.path, form.password);
      },
      'chat',
    );
    await this.repo.saveIndexed(user.tenantId, session.id, uploaded.doc_id, chunks);
    try {
      await this.pipeline.start(user, uploaded.job_id, uploaded.password_required ? form.password : undefined);
    } catch (error) {
      // The document stays in the user's nexus documents; only its place in the chat is undone.
      await this.repo.unlink(user.tenantId, session.id, uploaded.doc_id);
      throw error;
    }
    return { document_ids: [uploaded.doc_id], file_name: displayFileName(file.originalname), status: 'processed' };
  }

  /** Attaches a document of one of the caller's sessions to the client register; 404 for anyone but the session's owner. */
  async attach(user: Principal, sessionId: string, documentId: string): Promise<{ doc_id: string; attached_at: string; linked_investors: number }> {
    const session = await this.repo.findOwnSession(user.tenantId, user.userId, sessionId);
    if (!session || !(await this.repo.findInSession(user.tenantId, sessionId, documentId))) throw notFound('Document');
    return { doc_id: documentId, ...(await this.attachment.attach(user, documentId)) };
  }

  /** Where a document of one of the caller's sessions has got to; 404 for anyone but the session's owner. */
  async status(user: Principal, sessionId: string, documentId: string): Promise<ChatDocumentStatusDto> {
    const session = await this.repo.findOwnSession(user.tenantId, user.userId, sessionId);
    const doc = session ? await this.repo.findInSession(user.tenantId, sessionId, documentId) : null;
    const fileName = doc ? (await this.results.fileNames(user.tenantId, [doc.documentId])).get(doc.documentId) : undefined;
    if (!doc || fileName === undefined) throw notFound('Document');
    const process = doc.indexedAt ? await this.results.latestRun(user.tenantId, documentId) : null;
    const base = { doc_id: doc.documentId, filename: fileName, source: 'nexus' as const, chunks_indexed: doc.chunksIndexed };
    if (!process) return { ...base, status: 'processing', nexus_progress: NOT_STARTED, error_message: null };

    const progress = await this.pipeline.progress(user, process.id);
    const status: ChatDocumentStatus = progress.status === 'processing' ? 'nexus_processing' : progress.status === 'completed' ? 'completed' : 'failed';
    return {
      ...base,
      status,
      nexus_progress: {
        current_stage: progress.current_stage,
        stages_completed: progress.stages_completed,
        total_stages: progress.total_stages,
        status: progress.status,
        progress_pct: progress.progress_pct,
      },
      error_message: status === 'failed' ? (progress.error?.message ?? process.error_message ?? 'The document could not be processed') : null,
    };
  }

  /** The PDF's text, in passages; refuses a missing or wrong password and an unreadable file (422). */
  private async readChunks(tenantId: string, path: string, password: string | undefined): Promise<TextChunk[]> {
    const data = new Uint8Array(await readFile(path));
    const pages = await this.pdf.text(tenantId, data, password).catch((error: unknown) => {
      throw pdfHttpError(error, {
        PDF_PASSWORD_REQUIRED: 'This PDF is encrypted: send its password in the form field "password"',
        PDF_UNREADABLE: 'The PDF is damaged and cannot be read',
      });
    });
    return chunkLines(buildLines(pages));
  }
}
