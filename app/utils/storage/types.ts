/** Where uploaded files live. Keys are already validated (isUploadKey) by the caller. */
export interface UploadStore {
  /** Stores a new object; never overwrites an existing key. */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The object's bytes, or null when there is none. */
  get(key: string): Promise<Buffer | null>;
  /** Removes the object; a missing one is not an error. */
  delete(key: string): Promise<void>;
}
