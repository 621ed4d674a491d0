// Images pasted into the composer or dropped on it: read as base64 when the agent accepts images, refused with a
// word to the user otherwise. Other pastes and drops are left to the browser.
import type { DraftImage } from './useDraft';
import { base64OfDataUrl, carriesFiles, imageRejection } from './images';

interface ImageDropOptions {
  acceptsImages: boolean;
  count: number;
  onImage(image: DraftImage): void;
  onNotice(text: string | undefined): void;
}

export interface ImageDrop {
  onPaste(event: ClipboardEvent): void;
  onDragOver(event: DragEvent): void;
  onDrop(event: DragEvent): void;
}

let imageCounter = 0;

function imageFiles(list: FileList | null | undefined): File[] {
  return Array.from(list ?? []).filter((file) => file.type.startsWith('image/'));
}

export function useImageDrop({ acceptsImages, count, onImage, onNotice }: ImageDropOptions): ImageDrop {
  const take = (files: File[]): void => {
    let attached = count;
    for (const file of files) {
      const refused = imageRejection({ type: file.type, size: file.size, name: file.name }, acceptsImages, attached);
      if (refused) {
        onNotice(refused);
        continue;
      }
      attached++;
      const reader = new FileReader();
      reader.onload = () => {
        const data = typeof reader.result === 'string' ? base64OfDataUrl(reader.result) : undefined;
        if (data) onImage({ id: `img${++imageCounter}`, mimeType: file.type, data, name: file.name.slice(0, 200) || undefined });
        else onNotice(`${file.name || 'The image'} could not be read.`);
      };
      reader.onerror = () => onNotice(`${file.name || 'The image'} could not be read.`);
      reader.readAsDataURL(file);
    }
  };
  return {
    onPaste: (event) => {
      const files = imageFiles(event.clipboardData?.files);
      if (files.length === 0) return;
      event.preventDefault();
      take(files);
    },
    onDragOver: (event) => {
      if (event.dataTransfer && carriesFiles(Array.from(event.dataTransfer.types))) event.preventDefault();
    },
    onDrop: (event) => {
      const files = imageFiles(event.dataTransfer?.files);
      if (files.length === 0) return;
      event.preventDefault();
      take(files);
    },
  };
}
