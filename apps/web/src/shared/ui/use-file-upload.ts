import { useRef, useState } from 'react';

export type UploadCall<Item> = (call: {
  file: File;
  onProgress: (percent: number) => void;
  signal: AbortSignal;
}) => Promise<Item>;

// The state of an upload modal: the chosen file and what is wrong with it, the progress of the
// upload, cancelling it, and closing (not while uploading). `failure` turns a refused upload
// into the problem to show, or null when it dealt with it otherwise (the modal then resets).
export function useFileUpload<Item, Problem>(options: {
  upload: UploadCall<Item>;
  uploading: boolean;
  check: (file: File) => Problem | null;
  failure: (error: unknown) => Problem | null;
  onUploaded: (item: Item) => void;
  onClose: () => void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [percent, setPercent] = useState(0);
  const cancel = useRef<AbortController | null>(null);

  const reset = () => {
    setFile(null);
    setProblem(null);
    setPercent(0);
  };

  const choose = (chosen: File | undefined) => {
    if (chosen === undefined) return;
    setFile(chosen);
    setPercent(0);
    setProblem(options.check(chosen));
  };

  const close = () => {
    if (options.uploading) return;
    reset();
    options.onClose();
  };

  const send = async () => {
    if (file === null || problem !== null) return;
    setPercent(0);
    const controller = new AbortController();
    cancel.current = controller;
    try {
      const item = await options.upload({
        file,
        onProgress: setPercent,
        signal: controller.signal,
      });
      reset();
      options.onUploaded(item);
    } catch (error) {
      if (controller.signal.aborted) {
        setPercent(0);
        return;
      }
      const shown = options.failure(error);
      if (shown === null) {
        reset();
        return;
      }
      // A refused file was not taken: the reason shows without the upload's progress.
      setPercent(0);
      setProblem(shown);
    }
  };

  return {
    file,
    problem,
    percent,
    uploading: options.uploading,
    choose,
    close,
    send,
    cancelUpload: () => cancel.current?.abort(),
  };
}
