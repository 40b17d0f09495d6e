import BuildSupport

BuildRunner.main(RetroSpecTool.source)
