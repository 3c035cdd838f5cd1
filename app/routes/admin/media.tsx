import { CopyAddress } from '~/components/admin/copy-address'
import { FileUses } from '~/components/admin/file-uses'
import { adminErrorBoundary } from '~/components/admin/admin-error-boundary'
import { screenMeta } from '~/components/admin/admin-screen'
import { recordListScreen } from '~/components/admin/record-list'
import { adminSection } from '~/lib/admin-sections'
import { formatBytes } from '~/lib/images'
import { deleteAction, listLoader } from '~/server/http/editor.server'
import { deleteLibraryFile, deleteRefusal, listLibrary } from '~/server/services/media-library.server'

const section = adminSection('media')
export const loader = listLoader(listLibrary)
export const action = deleteAction(section, { remove: deleteLibraryFile, check: deleteRefusal })

export default recordListScreen<typeof loader>(section, {
  columns: [
    {
      header: 'Image',
      primary: true,
      cell: (file) => (
        <span className="flex items-center gap-3">
          <img
            src={file.url}
            alt=""
            width={64}
            height={48}
            loading="lazy"
            className="h-12 w-16 shrink-0 rounded-md border bg-navy-50 object-cover"
          />
          <span className="min-w-0 wrap-anywhere" title={file.path}>
            {file.name}
          </span>
        </span>
      ),
    },
    {
      header: 'Details',
      className: 'whitespace-nowrap',
      cell: (file) => (
        <span className="grid text-xs">
          <span>{file.contentType}</span>
          <span>{formatBytes(file.size)}</span>
          <span>{file.width && file.height ? `${file.width} × ${file.height} px` : 'Size unknown'}</span>
        </span>
      ),
    },
    {
      header: 'Alt text',
      cell: (file) =>
        file.decorative ? (
          <span className="italic">Decorative</span>
        ) : file.alt ? (
          <span className="line-clamp-2">{file.alt}</span>
        ) : (
          <span className="font-medium text-destructive">Missing: add alt text</span>
        ),
    },
    {
      header: 'Used on',
      cell: (file) => <FileUses uses={file.uses} />,
    },
  ],
  name: (file) => file.name,
  actions: (file) => <CopyAddress address={file.url} name={file.name} />,
  deleteConsequence: () => 'The image and its smaller copies will be deleted for good. This cannot be undone.',
  deleteRefusal: (file) =>
    file.uses.length > 0
      ? {
          title: 'This image is in use',
          body: (
            <>
              <p>It can be deleted once it is removed from:</p>
              <FileUses uses={file.uses} />
            </>
          ),
        }
      : null,
})

export const meta = screenMeta(section.title)
export const ErrorBoundary = adminErrorBoundary(section.messages.listFailed)
