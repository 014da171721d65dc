// The installed app as a share target (manifest `share_target`): another app shares images, the
// browser POSTs them as multipart/form-data to SHARE_ACTION, the service worker keeps them in a
// cache of their own and answers 303 to the converter's page, which takes them from there into
// its batch (src/ui/share-launch.ts). Nothing leaves the device, and it works offline.

/** Where the shared files are posted (the manifest's `share_target.action`). */
export const SHARE_ACTION = '/share-target';
/** The form field the files arrive in (`share_target.params.files[0].name`). */
export const SHARE_FIELD = 'images';
/** The page that opens them: the registered tool marked `opensShared`. */
export function shareOpener<T extends { slug: string; opensShared?: true }>(tools: readonly T[]): T {
  const opener = tools.find((tool) => tool.opensShared);
  if (!opener) throw new Error('share_target: no tool is marked opensShared');
  return opener;
}
/** The query the redirect adds so that page knows to look (and nothing else does). */
export const SHARED_QUERY = 'shared';
/** The Cache Storage cache holding the files between the POST and the page. */
const CACHE = 'devtoolbox-shared-files';
const PREFIX = '/__shared/';

/** The service worker's part: keeps the posted files, replacing any left from an earlier share. */
export async function keepShared(form: FormData): Promise<number> {
  const files = form.getAll(SHARE_FIELD).filter((entry): entry is File => typeof entry !== 'string' && entry.size > 0);
  await caches.delete(CACHE);
  const cache = await caches.open(CACHE);
  await Promise.all(
    files.map((file, index) =>
      cache.put(
        `${PREFIX}${index}`,
        new Response(file, {
          headers: {
            'content-type': file.type || 'application/octet-stream',
            'x-file-name': encodeURIComponent(file.name || `shared-${index + 1}`),
          },
        }),
      ),
    ),
  );
  return files.length;
}

/** The page's part: the shared files as File objects, in the order shared; the cache is emptied. */
export async function takeShared(): Promise<File[]> {
  if (typeof caches === 'undefined' || !(await caches.has(CACHE))) return [];
  const cache = await caches.open(CACHE);
  const requests = [...(await cache.keys())].sort((a, b) => order(a) - order(b));
  const files = await Promise.all(
    requests.map(async (request) => {
      const response = (await cache.match(request))!;
      const name = decodeURIComponent(response.headers.get('x-file-name') ?? 'shared');
      const type = response.headers.get('content-type') ?? '';
      return new File([await response.blob()], name, { type: type === 'application/octet-stream' ? '' : type });
    }),
  );
  await caches.delete(CACHE);
  return files;
}

const order = (request: Request) => Number(new URL(request.url).pathname.slice(PREFIX.length));
