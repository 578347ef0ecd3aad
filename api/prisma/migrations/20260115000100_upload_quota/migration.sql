-- Every file a user uploaded (platform/storage/quota.ts): the storage quota is the sum of a user's
-- rows. A row is written in the transaction that stores its file and deleted when the file goes.
-- Files stored before this table existed are not counted.
CREATE TABLE upload_objects (
  bucket     text NOT NULL,
  key        text NOT NULL,
  user_id    uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  size_bytes bigint NOT NULL CHECK (size_bytes > 0),
  created_at timestamptz(6) NOT NULL DEFAULT now(),
  PRIMARY KEY (bucket, key)
);
CREATE INDEX upload_objects_user_idx ON upload_objects (user_id) INCLUDE (size_bytes);
