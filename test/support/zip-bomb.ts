import { deflateRawSync } from 'node:zlib';

/**
 * A ZIP of one entry `name` that inflates to `bytes` zeros (256 MiB deflate to about 256 KiB): the
 * archive is written by hand around zlib's raw deflate, with the sizes it declares (or `declared`,
 * to lie about them) and a zero CRC, since a reader that keeps its limits never gets to check it.
 */
export function zipBomb(bytes: number, name = 'statement.pdf', declared = bytes): Buffer {
  const data = deflateRawSync(Buffer.alloc(bytes), { level: 9 });
  const fileName = Buffer.from(name);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(0, 6);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(0, 14); // CRC
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(declared >>> 0, 22);
  local.writeUInt16LE(fileName.length, 26);
  local.writeUInt16LE(0, 28);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(0, 16);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(declared >>> 0, 24);
  central.writeUInt16LE(fileName.length, 28);
  central.writeUInt32LE(0, 42); // local header offset
  const centralOffset = local.length + fileName.length + data.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + fileName.length, 12);
  end.writeUInt32LE(centralOffset, 16);
  return Buffer.concat([local, fileName, data, central, fileName, end]);
}
