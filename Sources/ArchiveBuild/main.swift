import BuildSupport

BuildRunner.main(ArchiveTool.tool, ArchiveTool.build)
