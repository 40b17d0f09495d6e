import BuildSupport

BuildRunner.main(ArchiveTool.source)
