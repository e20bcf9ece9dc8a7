# Unpacks an archive from the working directory over the root of the file system.
import tarfile

with tarfile.open("update.tar") as archive:
    archive.extractall("/")
