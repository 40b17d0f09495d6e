import BuildSupport

BuildRunner.main(RetroSpecTool.tool, RetroSpecTool.build)
